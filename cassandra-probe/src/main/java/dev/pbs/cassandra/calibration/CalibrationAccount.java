package dev.pbs.cassandra.calibration;

import java.util.Locale;
import java.util.StringJoiner;

/** A calibration's fit ({@link Calibration.Fit}) in words, for the profile's provenance. */
final class CalibrationAccount {

    private CalibrationAccount() {}

    /** " Tracing's cost per message, fitted on the untraced operations (3 rounds): ...", with a leading space. */
    static String of(Calibration.Fit fit, CalibrationSettings settings) {
        if (fit.skipped().isPresent()) {
            return " Tracing's cost was not taken off: fewer than " + settings.minimumSamples()
                    + switch (fit.skipped().get()) {
                        case FEW_ROUND_TRIPS -> " refused requests timed the client's part.";
                        case FEW_OPERATIONS -> " untraced operations of every kind were timed.";
                    };
        }
        StringJoiner account = new StringJoiner("; ");
        for (Calibration.OperationFit operation : fit.operations()) {
            account.add(String.format(
                    Locale.ROOT,
                    "%s took %.3f ms at the median and %.3f ms at the highest percentile, the traced delays predicted "
                            + "%.3f and %.3f, the calibrated %.3f and %.3f",
                    operation.kind().describe(),
                    operation.observedMedianMillis(),
                    operation.observedHighestMillis(),
                    operation.tracedMedianMillis(),
                    operation.tracedHighestMillis(),
                    operation.calibratedMedianMillis(),
                    operation.calibratedHighestMillis()));
        }
        return " Tracing's cost per message, fitted on the untraced operations (" + fit.rounds() + " rounds): "
                + fit.cost().describe() + ". " + account + ".";
    }
}
