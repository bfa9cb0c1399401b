import { queryOptions } from '@tanstack/react-query';
import type { HttpClient } from '../http/create-http-client';
import type { User } from '../schemas/user';

export const meQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: ['me'], queryFn: () => http.get<User>('me'), retry: false });
