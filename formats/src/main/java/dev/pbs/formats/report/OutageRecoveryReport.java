package dev.pbs.formats.report;

import dev.pbs.cassandra.cluster.DurationText;
import dev.pbs.cassandra.cluster.OutageTimes;
import dev.pbs.cassandra.fidelity.OutageRecoveryResult;
import dev.pbs.cassandra.fidelity.OutageRecoverySettings;
import dev.pbs.cassandra.recovery.HintReplayMeasurement;
import dev.pbs.cassandra.recovery.ReadServers;
import dev.pbs.cassandra.recovery.RecoveryCurve;
import dev.pbs.cassandra.recovery.RecoveryObservation;
import dev.pbs.cassandra.recovery.ReplayDelays;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.formats.wire.OutageRecoveryCell;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** What {@code pbs fidelity --fault outage} prints: the replay delay measured, each outage, the recovery curve. */
public final class OutageRecoveryReport {

    private OutageRecoveryReport() {}

    public static String text(OutageRecoveryResult result) {
        OutageRecoverySettings settings = result.settings();
        ReplayDelays delays = result.replayDelays();
        StringBuilder text = new StringBuilder();
        text.append(String.format(
                Locale.ROOT,
                "pbs fidelity --fault outage: node %d down for %s, %d outage(s) a step; writes at ONE, %s a second,"
                        + " through the other nodes; reads at ONE served by node %d%n%n",
                settings.node(),
                DurationText.of(settings.outage()),
                settings.outages(),
                NumberText.plain(settings.writesPerSecond()),
                settings.node()));
        int writesWhileDown = result.measurements().stream()
                .mapToInt(HintReplayMeasurement.Result::writesWhileDown)
                .sum();
        int missingAtEnd = result.measurements().stream()
                .mapToInt(HintReplayMeasurement.Result::missingAtEnd)
                .sum();
        text.append(String.format(
                Locale.ROOT,
                "Step 1, the hint replay delay: %d writes followed of %d made while down, %d never appeared within %s"
                        + " (of all %d, %d missing at the end); %d there at their first read (delay 0)%n"
                        + "  delay p10 %.0f ms, p50 %.0f ms, p90 %.0f ms, p99 %.0f ms, max %.0f ms (each placed within"
                        + " %.0f ms, the median)%n",
                delays.writes(),
                writesWhileDown,
                delays.neverAppeared(),
                DurationText.of(settings.replayDeadline()),
                writesWhileDown,
                missingAtEnd,
                delays.foundAtFirstRead(),
                delays.percentileMillis(10),
                delays.percentileMillis(50),
                delays.percentileMillis(90),
                delays.percentileMillis(99),
                delays.percentileMillis(100),
                delays.medianUncertaintyMillis()));
        for (Map.Entry<String, ReplayDelays.CoordinatorDelays> entry :
                delays.byCoordinator().entrySet()) {
            ReplayDelays.CoordinatorDelays coordinator = entry.getValue();
            text.append(String.format(
                    Locale.ROOT,
                    "  hints kept by %s: %d writes, appeared %.0f to %.0f ms after the return%n",
                    entry.getKey(),
                    coordinator.appeared(),
                    coordinator.firstDelayMillis(),
                    coordinator.lastDelayMillis()));
        }
        int index = 0;
        for (HintReplayMeasurement.Result measurement : result.measurements()) {
            index++;
            text.append(String.format(
                    Locale.ROOT,
                    "  outage %d: %s; %d rounds of reads, %d answered, %d failed%n",
                    index,
                    outage(measurement.times(), measurement.driverSawUpMillis(), measurement.servers()),
                    measurement.rounds(),
                    measurement.reads(),
                    measurement.failedReads()));
        }
        text.append(String.format("%nStep 2, the recovery observed:%n"));
        index = 0;
        for (RecoveryObservation.Result observation : result.observations()) {
            index++;
            text.append(String.format(
                    Locale.ROOT,
                    "  outage %d: %s; %d writes while down, %d reads answered, %d failed, %d not sent%n",
                    index,
                    outage(observation.times(), observation.driverSawUpMillis(), observation.servers()),
                    observation.writesWhileDown(),
                    observation.reads().size(),
                    observation.failedReads(),
                    observation.notSent()));
        }
        TextTable table = new TextTable(
                List.of("since return s", "reads", "P(consistent)", "95% interval", "predicted", "difference"), 0);
        for (RecoveryCurve.Bin bin : result.curve().bins()) {
            table.addRow(List.of(
                    NumberText.plain(bin.fromMillis() / 1000) + "-" + NumberText.plain(bin.toMillis() / 1000),
                    NumberText.count(bin.reads()),
                    String.format(Locale.ROOT, "%.4f", bin.observed().estimate()),
                    String.format(
                            Locale.ROOT,
                            "[%.4f, %.4f]",
                            bin.observed().lower(),
                            bin.observed().upper()),
                    String.format(Locale.ROOT, "%.4f", bin.predicted()),
                    String.format(Locale.ROOT, "%+.4f", bin.observed().estimate() - bin.predicted())));
        }
        text.append(System.lineSeparator()).append(table.render());
        text.append(String.format(
                Locale.ROOT,
                "%nRMSE over the recovery curve: %.4f (noise floor %.4f), %d reads in %d bins; %d s in all%n",
                result.curve().rmse(),
                result.curve().noiseFloor(),
                result.curve().reads(),
                result.curve().bins().size(),
                result.elapsed().toSeconds()));
        return text.toString();
    }

    private static String outage(OutageTimes times, double driverSawUpMillis, ReadServers servers) {
        return String.format(
                Locale.ROOT,
                "stopped at %s, down %.1f s, starting %.1f s, the driver saw it up %+.0f ms from its return;"
                        + " traced reads served by it %d, by another replica %d, unreadable %d",
                times.stopped().instant(),
                times.downMicros() / 1e6,
                times.startingMicros() / 1e6,
                driverSawUpMillis,
                servers.returnedNode(),
                servers.otherReplica(),
                servers.unknown());
    }

    public static OutageRecoveryCell answer(OutageRecoveryResult result) {
        OutageRecoverySettings settings = result.settings();
        ReplayDelays delays = result.replayDelays();
        List<OutageRecoveryCell.Coordinator> coordinators = new ArrayList<>();
        delays.byCoordinator()
                .forEach((address, coordinator) -> coordinators.add(new OutageRecoveryCell.Coordinator(
                        address,
                        coordinator.appeared(),
                        coordinator.foundAtFirstRead(),
                        coordinator.firstDelayMillis(),
                        coordinator.lastDelayMillis())));
        List<OutageRecoveryCell.Outage> measured = new ArrayList<>();
        for (HintReplayMeasurement.Result measurement : result.measurements()) {
            measured.add(outage(
                    measurement.times(),
                    measurement.writesWhileDown(),
                    measurement.reads(),
                    measurement.failedReads(),
                    measurement.driverSawUpMillis(),
                    measurement.servers()));
        }
        List<OutageRecoveryCell.Outage> observed = new ArrayList<>();
        for (RecoveryObservation.Result observation : result.observations()) {
            observed.add(outage(
                    observation.times(),
                    observation.writesWhileDown(),
                    observation.reads().size(),
                    observation.failedReads(),
                    observation.driverSawUpMillis(),
                    observation.servers()));
        }
        List<OutageRecoveryCell.Bin> bins = new ArrayList<>();
        for (RecoveryCurve.Bin bin : result.curve().bins()) {
            bins.add(new OutageRecoveryCell.Bin(
                    bin.fromMillis(),
                    bin.toMillis(),
                    bin.reads(),
                    bin.observed().successes(),
                    bin.observed().estimate(),
                    List.of(bin.observed().lower(), bin.observed().upper()),
                    bin.meanSinceReturnMillis(),
                    bin.predicted()));
        }
        return new OutageRecoveryCell(
                "outage",
                settings.node(),
                settings.outage().toMillis() / 1e3,
                settings.outages(),
                settings.writesPerSecond(),
                settings.readsPerSecond(),
                new OutageRecoveryCell.ReplayDelay(
                        delays.writes(),
                        result.measurements().stream()
                                .mapToInt(HintReplayMeasurement.Result::missingAtEnd)
                                .sum(),
                        delays.neverAppeared(),
                        delays.foundAtFirstRead(),
                        delays.deadlineMillis(),
                        delays.percentileMillis(10),
                        delays.percentileMillis(50),
                        delays.percentileMillis(90),
                        delays.percentileMillis(99),
                        delays.percentileMillis(100),
                        delays.medianUncertaintyMillis(),
                        coordinators),
                measured,
                observed,
                bins,
                result.curve().rmse(),
                result.curve().noiseFloor(),
                result.curve().reads(),
                result.elapsed().toSeconds());
    }

    private static OutageRecoveryCell.Outage outage(
            OutageTimes times, int writes, long reads, long failed, double driverSawUpMillis, ReadServers servers) {
        return new OutageRecoveryCell.Outage(
                times.stopped().instant().toString(),
                times.downMicros() / 1e6,
                times.startingMicros() / 1e6,
                writes,
                reads,
                failed,
                driverSawUpMillis,
                servers.returnedNode(),
                servers.otherReplica(),
                servers.unknown());
    }

    public static String json(OutageRecoveryResult result) {
        return JsonMapping.text(answer(result));
    }
}
