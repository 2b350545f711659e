/**
 * Prediction reports: {@link dev.pbs.service.output.PredictionJson} (the JSON document other
 * tools read) and {@link dev.pbs.service.output.PredictionTable} (text for people). Both take the
 * engine's {@link dev.pbs.montecarlo.SimulationResult} and {@link
 * dev.pbs.service.output.ReportOptions} and are independent of the command line, so the REST
 * service can reuse them.
 */
package dev.pbs.service.output;
