/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* freertos-codesign: the freertos port's configuration plus one thread-local storage pointer,
 * which holds the task's hardware slot number (StaticTask_t grows with it, so no kernel
 * structure is patched). */
#ifndef RTB_FREERTOS_CODESIGN_CONFIG_H
#define RTB_FREERTOS_CODESIGN_CONFIG_H

#include_next "FreeRTOSConfig.h"

#undef configNUM_THREAD_LOCAL_STORAGE_POINTERS
#define configNUM_THREAD_LOCAL_STORAGE_POINTERS 1
#define RTB_CODESIGN_SLOT_TLS 0

#endif
