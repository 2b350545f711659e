/**
 * Reports of the commands. The JSON ones build the records of {@code dev.pbs.formats.wire} from the
 * engine's results ({@code answer(...)}), which Jackson writes. Predictions: {@link
 * dev.pbs.formats.report.PredictionJson} (the JSON document other tools read) and {@link
 * dev.pbs.formats.report.PredictionTable} (text for people). Both take the
 * engine's {@link dev.pbs.montecarlo.SimulationResult} and {@link
 * dev.pbs.questions.ReportOptions} and are independent of the command line, so the REST
 * service can reuse them. Tuning: {@link dev.pbs.formats.report.TuningTable} and {@link
 * dev.pbs.formats.report.TuningJson}. Fits of measured profiles: {@link
 * dev.pbs.formats.report.FitTable}, {@link dev.pbs.formats.report.FitJson} and the fitted
 * profile's {@link dev.pbs.formats.report.FitProvenance}.
 */
package dev.pbs.formats.report;
