/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* The kernel's API where it changed between releases, chosen by the kernel's own version
 * macros, so that the port builds along a kernel's history. Included after task.h. */
#ifndef RTB_FREERTOS_API_H
#define RTB_FREERTOS_API_H

/* V11.1.0 passes the idle and timer tasks' stack sizes as configSTACK_DEPTH_TYPE; earlier
 * releases as uint32_t. */
#if (tskKERNEL_VERSION_MAJOR > 11) || (tskKERNEL_VERSION_MAJOR == 11 && tskKERNEL_VERSION_MINOR >= 1)
typedef configSTACK_DEPTH_TYPE rtb_freertos_stack_words_t;
#else
typedef uint32_t rtb_freertos_stack_words_t;
#endif

#endif
