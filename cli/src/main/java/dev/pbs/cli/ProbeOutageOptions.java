package dev.pbs.cli;

import dev.pbs.cassandra.probe.ProbeRun;
import dev.pbs.cassandra.probe.ProbeSessions;
import dev.pbs.cassandra.probe.ProbeSettings;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.cassandra.recovery.OutageProfile;
import dev.pbs.cassandra.recovery.OutageWatch;
import dev.pbs.cassandra.recovery.WatchedOutage;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.questions.InvalidQuestionException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * {@code pbs probe}'s outage watch: nodes the driver sees go down and come back, with the hint
 * replay delays read at them after their return ({@link OutageWatch}), measured into the profile's
 * faults ({@link OutageProfile}).
 */
final class ProbeOutageOptions {

    /** The most --hint-deadline accepts: an hour. */
    private static final Duration LONGEST_DEADLINE = Duration.ofHours(1);

    @Option(
            names = "--watch-outages",
            description = "Also watch for nodes going down: while one is down, write keys it replicates at ONE "
                    + "through the others (their coordinators keep hints); when it is back, read them at the node "
                    + "until each appears. The nodes seen down get the measured outages and hint replay delays in "
                    + "the profile's faults.")
    private boolean watch;

    @Option(
            names = "--hint-deadline",
            paramLabel = "TIME",
            defaultValue = "60s",
            description = "With --watch-outages: how long after a node's return its writes are read, e.g. 60s, "
                    + "2m; at the probe's end it waits for reads under way as long (default: ${DEFAULT-VALUE}).")
    private String deadlineText;

    private Duration deadline;

    /** Whether the run is asked to watch its nodes. */
    boolean watching() {
        return watch;
    }

    /** Checks the options before anything connects. */
    void check() {
        try {
            deadline = ProbeSettings.duration(deadlineText);
        } catch (IllegalArgumentException wrong) {
            throw new InvalidQuestionException("--hint-deadline: " + wrong.getMessage());
        }
        if (deadline.isZero() || deadline.compareTo(LONGEST_DEADLINE) > 0) {
            throw new InvalidQuestionException(
                    "--hint-deadline must be above 0 and at most 1h, was '" + deadlineText + "'");
        }
    }

    /** Starts watching the run's nodes, or null when not asked. */
    OutageWatch start(ProbeRun run) {
        if (!watch) {
            return null;
        }
        return OutageWatch.start(
                run.session(), run.settings().keyspace(), run.coordinators(), ProbeSessions::traceAddress, deadline);
    }

    /**
     * The profile with the outages watched (unchanged when not watched or none can be put in it),
     * after telling on {@code err} what was seen.
     */
    LatencyProfile apply(OutageWatch outageWatch, ProbeSnapshot snapshot, LatencyProfile profile, PrintWriter err)
            throws InterruptedException {
        if (outageWatch == null) {
            return profile;
        }
        if (outageWatch.unfinished() > 0) {
            err.printf(Locale.ROOT, "pbs: waiting up to %ds for the reads at a returned node%n", deadline.toSeconds());
            err.flush();
            if (!outageWatch.awaitMeasurements(deadline)) {
                err.println("pbs: an outage still being read at the probe's end is left out");
            }
        }
        List<WatchedOutage> outages = outageWatch.outages();
        for (WatchedOutage outage : outages) {
            err.printf(
                    Locale.ROOT,
                    "pbs: node %s was down %.1f s; %s%n",
                    outage.address(),
                    outage.downMillis() / 1000,
                    describe(outage));
        }
        if (outageWatch.unfinished() > 0) {
            err.println("pbs: a node still down at the probe's end is left out");
        }
        if (snapshot.datacenters().isPresent()) {
            if (!outages.isEmpty()) {
                err.println("pbs: outages are not put into profiles with datacenters (the model has them for one)");
            }
            return profile;
        }
        OutageProfile.Result result = OutageProfile.of(
                profile,
                new ArrayList<>(snapshot.delaysMicros().keySet()),
                snapshot.replicationFactor(),
                outages,
                outageWatch.watchedMillis());
        result.leftOut().ifPresent(reason -> {
            if (!outages.isEmpty()) {
                err.println("pbs: the outages are not in the profile: " + reason);
            }
        });
        return result.profile();
    }

    private static String describe(WatchedOutage outage) {
        if (outage.writesWhileDown() == 0) {
            return "no write of its keys was acknowledged meanwhile, so no hint replay was measured";
        }
        if (outage.delays().isEmpty()) {
            return outage.writesWhileDown() + " writes made meanwhile, not read (the probe ended first)";
        }
        var delays = outage.delays().get();
        var servers = outage.servers();
        return String.format(
                Locale.ROOT,
                "%d writes made meanwhile appeared at it after a median %.0f ms (p90 %.0f ms, %d never by %.0f s);"
                        + " traced reads served by the node itself %d, by another replica %d%s",
                delays.writes(),
                delays.percentileMillis(50),
                delays.percentileMillis(90),
                delays.neverAppeared(),
                delays.deadlineMillis() / 1000,
                servers.returnedNode(),
                servers.otherReplica(),
                outage.delaysAreTheNodes() ? "" : ": not the node's own delays (other replicas answered)");
    }
}
