/**
 * Reports of the commands. Predictions: {@link dev.pbs.service.output.PredictionJson} (the JSON document other
 * tools read) and {@link dev.pbs.service.output.PredictionTable} (text for people). Both take the
 * engine's {@link dev.pbs.montecarlo.SimulationResult} and {@link
 * dev.pbs.service.output.ReportOptions} and are independent of the command line, so the REST
 * service can reuse them. Tuning: {@link dev.pbs.service.output.TuningTable} and {@link
 * dev.pbs.service.output.TuningJson}. Fits of measured profiles: {@link
 * dev.pbs.service.output.FitTable}, {@link dev.pbs.service.output.FitJson} and the fitted
 * profile's {@link dev.pbs.service.output.FitProvenance}.
 */
package dev.pbs.service.output;
