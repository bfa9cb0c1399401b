import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HttpClient } from '../http/create-http-client';
import type { Room } from '../schemas/room';
import { useServices } from '../services/services-context';

export const roomKeys = {
  all: ['chatrooms'] as const,
  detail: (roomId: number) => ['chatrooms', roomId] as const,
};

export const roomsQueryOptions = (http: HttpClient) =>
  queryOptions({ queryKey: roomKeys.all, queryFn: () => http.get<Room[]>('chatrooms') });

export const roomQueryOptions = (http: HttpClient, roomId: number) =>
  queryOptions({ queryKey: roomKeys.detail(roomId), queryFn: () => http.get<Room>(`chatrooms/${roomId}`) });

export function useRooms() {
  return useQuery(roomsQueryOptions(useServices().http));
}

export function useRoom(roomId: number) {
  return useQuery(roomQueryOptions(useServices().http, roomId));
}
