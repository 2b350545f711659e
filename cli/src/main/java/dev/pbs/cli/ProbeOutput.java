package dev.pbs.cli;

import dev.pbs.cassandra.observe.ObservationSettings;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.formats.profile.ProfileJson;
import dev.pbs.formats.report.ObservationReport;
import dev.pbs.formats.report.ProbeReport;
import dev.pbs.model.profile.LatencyProfile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What {@code pbs probe} tells and writes: its progress on standard error; the measurement's report
 * and the observation's on standard output; the profile ({@code --out}), the histogram log ({@code
 * --hlog}) and the observation ({@code --observe-out}) as files, each written atomically.
 */
final class ProbeOutput {

    private final PrintWriter out;
    private final PrintWriter err;
    private final Path profileFile;
    private final Path histogramLog;
    private final Path observationFile;

    /**
     * @param histogramLog null when not asked for
     * @param observationFile null when not asked for
     */
    ProbeOutput(PrintWriter out, PrintWriter err, Path profileFile, Path histogramLog, Path observationFile) {
        this.out = out;
        this.err = err;
        this.profileFile = profileFile;
        this.histogramLog = histogramLog;
        this.observationFile = observationFile;
    }

    /** Refuses, before the probe starts, a file that could not be written. */
    void requireWritable() {
        new OutputFile("--out", profileFile).requireWritable();
        if (histogramLog != null) {
            new OutputFile("--hlog", histogramLog).requireWritable();
        }
        if (observationFile != null) {
            new OutputFile("--observe-out", observationFile).requireWritable();
        }
    }

    /** The probe starts: for how long (as written), at how many operations per second, tracing what fraction. */
    void probing(String duration, double operationsPerSecond, double traceFraction) {
        err.printf(
                Locale.ROOT,
                "pbs: probing the cluster for %s at %s operations/s, tracing a fraction %s of them...%n",
                duration,
                operationsPerSecond,
                traceFraction);
        err.flush();
    }

    /** The observation starts beside the probe. */
    void observing(ObservationSettings observation) {
        err.printf(
                Locale.ROOT,
                "pbs: observing staleness meanwhile: %d writes at %s per second, each read at %d delays...%n",
                observation.writes(),
                observation.writesPerSecond(),
                observation.delaysMillis().length);
        err.flush();
    }

    /**
     * Writes the profile and the histogram log, then reports the measurement and how to predict
     * from the profile: over several datacenters every level and pair of them, else every (R, W) of
     * the profile's replicas.
     */
    void measured(ProbeSnapshot snapshot, LatencyProfile profile) {
        String predictArguments = snapshot.datacenters().isPresent()
                ? "--levels all --dc-matrix"
                : "--n " + profile.fixedReplicaCount().orElse(snapshot.replicationFactor()) + " --all";
        new OutputFile("--out", profileFile).writeAtomically(ProfileJson.writeString(profile));
        if (histogramLog != null) {
            new OutputFile("--hlog", histogramLog).writeAtomically(ProbeReport.histogramLog(snapshot));
        }
        out.print(ProbeReport.text(snapshot));
        out.println("profile written to " + profileFile + " (pbs predict --profile-file " + profileFile + " "
                + predictArguments + ")");
        out.flush();
    }

    /** Reports the observation against the prediction, and writes it when asked. */
    void observed(ObservedStaleness comparison) {
        out.println();
        out.print(ObservationReport.text(comparison));
        if (observationFile != null) {
            new OutputFile("--observe-out", observationFile).writeAtomically(ObservationReport.json(comparison));
        }
    }
}
