package dev.pbs.service.health;

import com.codahale.metrics.health.HealthCheck;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;

/**
 * Runs the real engine on a known answer: a strict quorum (N=3, R=W=2) is consistent in every
 * trial at every time, and R=W=1 is not.
 */
public final class EngineHealthCheck extends HealthCheck {

    private static final int TRIALS = 2000;

    @Override
    protected Result check() {
        SimulationResult result = new WarsEngine()
                .run(SimulationSpec.builder(BuiltInProfiles.named("lnkd-disk").orElseThrow(), 3)
                        .configurations(java.util.List.of(
                                dev.pbs.model.quorum.QuorumConfiguration.of(3, 2, 2),
                                dev.pbs.model.quorum.QuorumConfiguration.of(3, 1, 1)))
                        .trials(TRIALS)
                        .threads(1)
                        .build());
        long strict =
                result.configuration(2, 2).orElseThrow().consistentAtCommit().successes();
        long partial =
                result.configuration(1, 1).orElseThrow().consistentAtCommit().successes();
        if (strict != TRIALS) {
            return Result.unhealthy("strict quorum R=W=2 of N=3 was consistent in " + strict + " of " + TRIALS
                    + " trials, expected all");
        }
        if (partial >= TRIALS) {
            return Result.unhealthy("partial quorum R=W=1 of N=3 was never stale in " + TRIALS + " trials");
        }
        return Result.healthy("strict quorum consistent in all " + TRIALS + " trials");
    }
}
