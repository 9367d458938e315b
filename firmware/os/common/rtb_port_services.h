/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* What an RTOS port's kernel itself lacks (rtb/os.h's rtb_service), in every image: each port's
 * <port>_services.c defines it; rtb_os_service_unsupported answers with it. */
#ifndef RTB_PORT_SERVICES_H
#define RTB_PORT_SERVICES_H

#include "rtb/os.h"

const char *rtb_port_service_lacking(rtb_service service);

#endif
