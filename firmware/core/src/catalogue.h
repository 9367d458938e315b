/* SPDX-License-Identifier: Apache-2.0 */
/* SPDX-FileCopyrightText: 2026 rtbench developers */
#ifndef RTB_CATALOGUE_H
#define RTB_CATALOGUE_H

/* The first task: runs the catalogue and ends the program. */
void rtb_catalogue_task(void *arg);

#endif
