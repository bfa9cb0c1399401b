// Prism's core alone, typed as the whole of Prism (@types/prismjs types the package's main file only).
declare module 'prismjs/components/prism-core' {
  import Prism from 'prismjs';
  export default Prism;
}
