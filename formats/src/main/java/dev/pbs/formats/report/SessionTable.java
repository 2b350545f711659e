package dev.pbs.formats.report;

import dev.pbs.montecarlo.SessionResult;
import java.util.ArrayList;
import java.util.List;

/** The session guarantees of a prediction as a text table, one row per (R, W). */
final class SessionTable {

    private SessionTable() {}

    static String render(SessionResult result) {
        StringBuilder text = new StringBuilder();
        text.append("Session guarantees, one client, ")
                .append(NumberText.plain(result.session().writesPerSecond()))
                .append(" writes/s to the key from all clients (")
                .append(NumberText.count(result.session().trials()))
                .append(" trials):\n");
        text.append("  monotonic: P(a read returns an older write than the client's previous read, ")
                .append(NumberText.plain(result.session().readIntervalMillis()))
                .append(" ms before); bound: the closed form for non-expanding quorums\n");
        text.append(
                "  own t=...: P(a read t ms after the client's write was acknowledged returns it or a newer one)\n");
        List<String> header = new ArrayList<>(List.of("R", "W", "monotonic", "bound"));
        double[] grid = result.spec().visibilityGridMillis();
        for (double t : grid) {
            header.add("own t=" + NumberText.plain(t));
        }
        TextTable table = new TextTable(header, 2);
        for (SessionResult.Configuration configuration : result.configurations()) {
            List<String> row = new ArrayList<>();
            row.add(Integer.toString(configuration.configuration().r()));
            row.add(Integer.toString(configuration.configuration().w()));
            row.add(NumberText.smallProbability(
                    configuration.monotonicReadsViolation().estimate()));
            row.add(NumberText.smallProbability(configuration.monotonicReadsBound()));
            configuration
                    .readYourWrites()
                    .forEach(point ->
                            row.add(NumberText.probability(point.consistent().estimate())));
            table.addRow(row);
        }
        return text.append(table.render()).append('\n').toString();
    }
}
