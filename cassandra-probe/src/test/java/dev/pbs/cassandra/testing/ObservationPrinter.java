package dev.pbs.cassandra.testing;

import dev.pbs.cassandra.observe.ObservedPoint;
import dev.pbs.cassandra.observe.ObservedStaleness;

/** Prints an observation's points and latencies, for the logs of the real-cluster tests. */
public final class ObservationPrinter {

    private ObservationPrinter() {}

    /** One line per t: observed P with its 95% interval, and the prediction compared. */
    public static void printPoints(ObservedStaleness observed) {
        for (ObservedPoint point : observed.points()) {
            System.out.printf(
                    "  t=%5.0f ms observed %.4f [%.4f, %.4f] predicted %.4f%n",
                    point.tMillis(),
                    point.observed().estimate(),
                    point.observed().lower(),
                    point.observed().upper(),
                    point.predicted());
        }
    }

    /** One line per compared latency percentile: observed and predicted, ms. */
    public static void printLatencies(ObservedStaleness observed) {
        for (ObservedStaleness.LatencyComparison latency : observed.latencies()) {
            System.out.printf(
                    "  %s p%.0f observed %.3f ms predicted %.3f ms%n",
                    latency.operation(), latency.percentile(), latency.observedMillis(), latency.predictedMillis());
        }
    }
}
