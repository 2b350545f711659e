/**
 * The probe record's file: a probe run's events as gzip-compressed JSON lines, written as the run
 * goes ({@link dev.pbs.formats.record.ProbeRecordWriter}) and read strictly back into events for a
 * replay ({@link dev.pbs.formats.record.ProbeRecordReader}). The format is described in
 * docs/probe.md, "Records of a run".
 */
package dev.pbs.formats.record;
