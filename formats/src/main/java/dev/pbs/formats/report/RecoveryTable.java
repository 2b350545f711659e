package dev.pbs.formats.report;

import dev.pbs.questions.RecoveryCurve;
import java.util.ArrayList;
import java.util.List;

/** A replica's recovery from one outage, for people: a caption and one row of probabilities. */
final class RecoveryTable {

    private RecoveryTable() {}

    /** The caption, then P(consistent) of a ONE read the returned replica serves at each time since its return. */
    static String render(RecoveryCurve recovery) {
        List<String> header = new ArrayList<>();
        header.add("since return, ms");
        List<String> row = new ArrayList<>();
        row.add("P(consistent)");
        for (RecoveryCurve.Point point : recovery.points()) {
            header.add(NumberText.plain(point.sinceReturnMillis()));
            row.add(NumberText.probability(point.consistent()));
        }
        TextTable table = new TextTable(header, 1);
        table.addRow(row);
        return "Recovery after an outage of " + NumberText.plain(recovery.outageMillis())
                + " ms: P(a ONE read served by the returned replica sees a write made during the outage); "
                + "writes hinted: " + NumberText.plain(Math.round(recovery.hintedFraction() * 1e4) / 100.0) + "%\n"
                + table.render();
    }
}
