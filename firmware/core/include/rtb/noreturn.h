/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* A function that never returns, spelled for C11 and for C++ (which has no _Noreturn), so that
 * the rtb/ headers can be included from either. */
#ifndef RTB_NORETURN_H
#define RTB_NORETURN_H

#ifdef __cplusplus
#define RTB_NORETURN [[noreturn]]
#else
#define RTB_NORETURN _Noreturn
#endif

#endif
