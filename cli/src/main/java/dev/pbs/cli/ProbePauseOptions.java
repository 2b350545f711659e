package dev.pbs.cli;

import dev.pbs.cassandra.faults.NodePinger;
import dev.pbs.cassandra.faults.ObservedPauses;
import dev.pbs.cassandra.faults.PausedProfile;
import dev.pbs.cassandra.probe.ProbeRun;
import dev.pbs.cassandra.probe.ProbeSessions;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.questions.InvalidQuestionException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code pbs probe}'s pause watch: tiny requests to every node at a steady cadence, whose held
 * answers reveal the nodes' stop-the-world pauses (garbage collection, a stalled host), measured
 * into the profile's faults.
 */
final class ProbePauseOptions {

    @Option(
            names = "--watch-pauses",
            description = "Also watch every node for pauses: a tiny request (system.local) to each every "
                    + "--pause-cadence; requests held longer than --pause-threshold reveal a pause, and the nodes "
                    + "seen to pause at least 3 times get the measured pause process in the profile's faults.")
    private boolean watch;

    @Option(
            names = "--pause-threshold",
            paramLabel = "MS",
            defaultValue = "50",
            description = "With --watch-pauses: a request held longer than this was held by a pause; above the "
                    + "nodes' normal round trips (default: ${DEFAULT-VALUE}).")
    private double thresholdMillis;

    @Option(
            names = "--pause-cadence",
            paramLabel = "MS",
            defaultValue = "20",
            description = "With --watch-pauses: ms between two requests to one node; a pause's start is known to "
                    + "half of it (default: ${DEFAULT-VALUE}).")
    private double cadenceMillis;

    /** Whether the run is asked to watch its nodes. */
    boolean watching() {
        return watch;
    }

    /** Checks the options before anything connects. */
    void check() {
        if (!(thresholdMillis > 0) || thresholdMillis > 600_000) {
            throw new InvalidQuestionException(
                    "--pause-threshold must be above 0 and at most 600000 ms, was " + thresholdMillis);
        }
        if (!(cadenceMillis >= 1) || cadenceMillis > 10_000) {
            throw new InvalidQuestionException("--pause-cadence must be between 1 and 10000 ms, was " + cadenceMillis);
        }
    }

    /** Starts watching the run's nodes, or null when not asked. */
    NodePinger start(ProbeRun run) {
        if (!watch) {
            return null;
        }
        return NodePinger.start(
                run.session(),
                run.coordinators(),
                ProbeSessions::traceAddress,
                Duration.ofNanos(Math.round(cadenceMillis * 1e6)));
    }

    /**
     * The profile with the pauses watched (unchanged when not watched), after telling on {@code
     * err} what each node did.
     */
    LatencyProfile apply(NodePinger pinger, ProbeSnapshot snapshot, LatencyProfile profile, PrintWriter err) {
        if (pinger == null) {
            return profile;
        }
        Map<String, ObservedPauses> pauses = pinger.pauses(Math.round(thresholdMillis * 1e6));
        pauses.forEach((address, node) -> err.printf(
                Locale.ROOT,
                "pbs: node %s: %d pause(s) longer than %s ms, paused %.2f%% of the time%n",
                address,
                node.pauses().size(),
                java.math.BigDecimal.valueOf(thresholdMillis)
                        .stripTrailingZeros()
                        .toPlainString(),
                100 * node.fractionPaused()));
        if (snapshot.datacenters().isPresent()) {
            err.println("pbs: pauses are not put into profiles with datacenters (the model has them for one)");
            return profile;
        }
        return PausedProfile.of(
                profile, new ArrayList<>(snapshot.delaysMicros().keySet()), snapshot.replicationFactor(), pauses);
    }
}
