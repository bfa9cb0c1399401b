import { describe, expect, it } from '@rstest/core';
import { importsIn, workspaceImports } from './workspace-imports';

describe('importsIn', () => {
  it('collects named imports, their aliases and the members read from them', () => {
    const code = `
      import { Button, Typography as T, type ThemeConfig } from 'antd';
      import type { FormProps } from 'antd';
      import { UserOutlined } from '@ant-design/icons';
      const title = <T.Title>Hi</T.Title>;
      const other = Foo.Typography.Link;
    `;
    expect(importsIn(code, ['antd', '@ant-design/icons', 'react-router-dom'])).toEqual({
      antd: ['Button', 'Title', 'Typography'],
      '@ant-design/icons': ['UserOutlined'],
      'react-router-dom': [],
    });
  });

  it('reads default imports, multi-line clauses and re-exports', () => {
    const code = `
      import axios, {
        isAxiosError,
      } from 'axios';
      export { theme as antdTheme } from 'antd';
      axios.get('/');
    `;
    expect(importsIn(code, ['axios', 'antd'])).toEqual({
      axios: ['default', 'get', 'isAxiosError'],
      antd: ['theme'],
    });
  });

  it('refuses a namespace import, which cannot be tree-shaken', () => {
    expect(() => importsIn(`import * as antd from 'antd';`, ['antd'])).toThrow(/named bindings from antd/);
  });
});

describe('workspaceImports', () => {
  it('finds what the apps import from antd, the shell and the remotes included', () => {
    const { antd = [] } = workspaceImports(['antd']);
    expect(antd).toEqual(expect.arrayContaining(['App', 'ConfigProvider', 'Layout', 'Button']));
  });
});
