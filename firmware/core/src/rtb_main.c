/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
/* rtbench's entry, called by the target's start-up code once C can run: announce the
 * image, then start the kernel. */
#include "boot.h"
#include "catalogue.h"
#include "options.h"
#include "rtb/bench.h"
#include "rtb/stream.h"
#include "rtb/text.h"

#include <string.h>

#ifndef RTB_VERSION
#define RTB_VERSION "dev"
#endif

static void hello(void)
{
    char num[RTB_TEXT_U32_LEN], den[RTB_TEXT_U32_LEN], scale[2u * RTB_TEXT_U32_LEN];
    rtb_text_u32(num, RTB_TS_SCALE_NUM);
    rtb_text_u32(den, RTB_TS_SCALE_DEN);
    strcpy(scale, num);
    strcat(scale, "/");
    strcat(scale, den);
    rtb_field fields[] = {
        RTB_NUM("proto", 1),        RTB_STR("target", RTB_TARGET_NAME), RTB_STR("os", RTB_OS_NAME),
        RTB_STR("unit", RTB_TS_UNIT), RTB_NUM("ts_hz", RTB_TS_HZ),      RTB_STR("scale", scale),
        RTB_STR("rtbench", RTB_VERSION),
    };
    rtb_stream_record("HELLO", fields, sizeof fields / sizeof fields[0]);
}

_Noreturn void rtb_main(void)
{
    rtb_boot_main_entered(rtb_now());
    rtb_target_init();
    rtb_options_load();
    hello();
    rtb_target_describe(rtb_stream_meta);
    rtb_os_describe(rtb_stream_meta);
    rtb_boot_kernel_starting(rtb_now());
    rtb_os_start(rtb_catalogue_task, 0);
}
