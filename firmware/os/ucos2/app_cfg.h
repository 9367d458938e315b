/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* uC/OS-II application configuration for rtbench: what the kernel's port expects the
 * application to define (the interrupt-priority boundary, via the architecture header). */
#ifndef RTB_UCOS2_APP_CFG_H
#define RTB_UCOS2_APP_CFG_H

#include RTB_UCOS2_ARCH_HEADER

#endif
