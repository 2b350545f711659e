package dev.pbs.cli;

import dev.pbs.cassandra.calibration.CalibratedProfile;
import dev.pbs.cassandra.fidelity.FidelityExperiment;
import dev.pbs.cassandra.fidelity.FidelityResult;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.cassandra.observe.WindowedComparison;
import dev.pbs.cassandra.probe.MeasuredProfile;
import dev.pbs.cassandra.probe.WireSplit;
import dev.pbs.cassandra.record.ProbeReplay;
import dev.pbs.formats.record.ProbeRecordReader;
import dev.pbs.model.profile.LatencyProfile;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a record's run computed, computed again from the record alone ({@code pbs replay}): a probe
 * run's calibrated profile and, when it observed staleness, its window-by-window comparison; a
 * fidelity cell's result.
 *
 * @param replayed the run's measurements, as the record replays them
 * @param profile the profile the run wrote
 * @param observation a probe run's observation against the prediction, when it observed
 * @param fidelity a fidelity cell's result, when the record is one's
 * @param fidelityFormat the output format the fidelity cell was run with
 */
record RecordReplay(
        ProbeReplay.Replayed replayed,
        LatencyProfile profile,
        Optional<ObservedStaleness> observation,
        Optional<FidelityResult> fidelity,
        OutputFormat fidelityFormat) {

    /**
     * @param name the profile's name, as the run was given it
     * @throws IllegalArgumentException when the record cannot be read or does not hold a whole run
     */
    static RecordReplay of(Path record, String name) {
        return of(record, name, WireSplit.MEASURED);
    }

    /** {@link #of(Path, String)}, each traced message's wire time shared as {@code split} says: an experiment's variant. */
    static RecordReplay of(Path record, String name, WireSplit split) {
        return of(ProbeRecordReader.replay(record, split), record, name, true);
    }

    /**
     * A probe run's profile alone, without its comparison (which the engine's predictions make the
     * costly part); a fidelity cell's result whole.
     */
    static RecordReplay profileOf(Path record, String name) {
        return of(ProbeRecordReader.replay(record), record, name, false);
    }

    private static RecordReplay of(ProbeReplay.Replayed replayed, Path record, String name, boolean compared) {
        if (replayed.fidelityCell().isPresent()) {
            List<String> arguments = replayed.command()
                    .filter(command -> command.command().equals("fidelity"))
                    .orElseThrow(() -> new IllegalArgumentException(
                            "the record " + record + " holds a fidelity cell without the command that ran it"))
                    .arguments();
            RecordedFidelityCell cell = RecordedFidelityCell.of(arguments);
            FidelityResult result = FidelityExperiment.replayed(
                    cell.settings(),
                    replayed.observation()
                            .orElseThrow(() -> new IllegalArgumentException(
                                    "the record " + record + " holds a fidelity cell without its observation")),
                    replayed.cluster().readPath(),
                    replayed.fidelityCell().get(),
                    line -> {});
            return new RecordReplay(replayed, result.profile(), Optional.empty(), Optional.of(result), cell.format());
        }
        LatencyProfile profile = MeasuredProfile.withReadPath(
                CalibratedProfile.of(replayed.measurement(), name),
                replayed.cluster().readPath());
        return new RecordReplay(
                replayed,
                profile,
                replayed.observation()
                        .filter(observed -> compared)
                        .map(observed -> WindowedComparison.compare(
                                observed, profile, name, replayed.cluster().replicationFactor())),
                Optional.empty(),
                OutputFormat.TABLE);
    }
}
