package dev.pbs.cassandra.calibration;

import dev.pbs.cassandra.probe.UntracedKind;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What a profile predicts for an untraced operation's client latency, as the calibration predicts
 * the operations it is fitted on ({@link Calibration}): the client's part (the refused requests'
 * round trips) plus the coordinator's part, the engine's write (read) latency at W = R = the
 * replicas the operation waits for, targeted reads, the coordinator a replica of the key or not;
 * the two independent. For any kind, ALL included: the check of a calibration on operations it was
 * not fitted on.
 */
public final class UntracedPrediction {

    private UntracedPrediction() {}

    /**
     * The predicted client latency of {@code kind} at each of {@code percentiles}, ms.
     *
     * @param n the replicas per key
     * @param roundTripsMicros the refused requests' round trips, microseconds
     */
    public static double[] percentilesMillis(
            LatencyProfile profile,
            int n,
            UntracedKind kind,
            Histogram roundTripsMicros,
            double[] percentiles,
            CalibrationSettings settings) {
        int replicas = kind.replicas(n);
        ConfigurationResult configuration = new WarsEngine()
                .run(SimulationSpec.builder(profile, n)
                        .configurations(List.of(QuorumConfiguration.of(n, replicas, replicas)))
                        .trials(settings.trials())
                        .seed(settings.seed())
                        .readFanout(ReadFanout.TARGETED)
                        .coordinatorReplica(kind.throughReplica())
                        .build())
                .configuration(replicas, replicas)
                .orElseThrow();
        return UntracedOperation.sumPercentiles(
                UntracedOperation.quantiles(roundTripsMicros),
                UntracedOperation.coordinatorPart(configuration, kind.isWrite()),
                percentiles);
    }
}
