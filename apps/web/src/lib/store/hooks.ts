import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';

/**
 * The store is composed in app/ (it knows every feature's slice), and shared code may not import app/.
 * So these hooks do not know the whole RootState: selectors come from `slice.selectors`, which carry the
 * state shape of their own slice (`{ draft: DraftState }`), and app/store.ts registers each slice under
 * that reducerPath. A selector written against an untyped `state` does not compile.
 */
// `any` state: RTK Query thunks each declare the state they read (`ApiRootState<…>` of their endpoints),
// and only the app's store knows a state that has them all.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AppDispatch = ThunkDispatch<any, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector;
