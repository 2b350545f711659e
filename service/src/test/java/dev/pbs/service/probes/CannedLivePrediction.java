package dev.pbs.service.probes;

import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.questions.QuestionLimits;
import dev.pbs.service.slas.LivePrediction;
import dev.pbs.service.slas.LivePredictor;
import dev.pbs.service.slas.PredictionClock;
import dev.pbs.service.slas.SlaConfiguration;
import dev.pbs.service.slas.Workload;
import java.util.List;
import java.util.Optional;

/** Live predictions made for real, from a built-in profile or another, as a probe of a 3-replica cluster makes them. */
public final class CannedLivePrediction {

    private CannedLivePrediction() {}

    /**
     * lnkd-disk at N = 3: ONE/ONE with a window requirement it misses and a read latency one it
     * meets, QUORUM/QUORUM (strict) with a consistency requirement it meets and a read median
     * requirement at its own estimate, which its interval straddles (uncertain); 1,000 reads and
     * 100 writes a second over 10,000 keys; t after the client's acknowledgement, with a configured
     * round trip of 1.5 ms.
     */
    public static LivePrediction lnkdDisk() {
        LatencyProfile profile = BuiltInProfiles.named("lnkd-disk").orElseThrow();
        double median = of(profile).configurations().get(1).latency().stream()
                .filter(latency -> latency.operation().equals("read") && latency.percentile() == 50)
                .findFirst()
                .orElseThrow()
                .millis();
        return of(profile, PredictionClock.configured(1.5), "read.p50<=" + median + "ms");
    }

    /** The same configurations, requirements, workload and clock predicted from another profile, with N = 3. */
    public static LivePrediction of(LatencyProfile profile) {
        return of(profile, PredictionClock.configured(1.5));
    }

    /** The same configurations, requirements and workload predicted from another profile, with N = 3, t on {@code clock}. */
    public static LivePrediction of(LatencyProfile profile, PredictionClock clock) {
        return of(profile, clock, new String[0]);
    }

    private static LivePrediction of(LatencyProfile profile, PredictionClock clock, String... moreForQuorum) {
        List<String> quorum = new java.util.ArrayList<>(List.of("consistency@0ms>=0.999"));
        quorum.addAll(List.of(moreForQuorum));
        return new LivePredictor(QuestionLimits.COMMAND_LINE)
                .predict(
                        profile,
                        3,
                        List.of(
                                sla("ONE", "ONE", "window@0.999<=5ms", "read.p99<=100ms"),
                                sla("QUORUM", "QUORUM", quorum.toArray(String[]::new))),
                        Optional.of(new Workload(1000, 100, 10_000)),
                        20_000,
                        clock);
    }

    private static dev.pbs.service.slas.LiveSla sla(String write, String read, String... requirements) {
        SlaConfiguration configuration = new SlaConfiguration();
        configuration.setWriteLevel(write);
        configuration.setReadLevel(read);
        configuration.setRequire(List.of(requirements));
        return configuration.toSla("slas[0]");
    }
}
