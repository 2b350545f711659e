package dev.pbs.cli;

import dev.pbs.cassandra.fidelity.FidelitySettings;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * The fidelity cell a record was made with ({@code pbs fidelity --record}), from the command's
 * arguments as the record keeps them, parsed as the command line parses them: for {@code pbs
 * replay}.
 *
 * @param settings the cell's settings
 * @param format the output format the cell was run with
 */
record RecordedFidelityCell(FidelitySettings settings, OutputFormat format) {

    /** @throws IllegalArgumentException when the arguments do not parse or are not those of one cell */
    static RecordedFidelityCell of(List<String> arguments) {
        CommandLine root = PbsCommandLine.configured("fidelity");
        List<String> line = new ArrayList<>();
        line.add("fidelity");
        line.addAll(arguments);
        try {
            root.parseArgs(line.toArray(String[]::new));
        } catch (CommandLine.ParameterException bad) {
            throw new IllegalArgumentException(
                    "the record's fidelity arguments do not parse: " + bad.getMessage(), bad);
        }
        FidelityCommand command = root.getSubcommands().get("fidelity").getCommand();
        if (!command.asksOneInjectedCell()) {
            throw new IllegalArgumentException(
                    "the record's fidelity arguments are not those of one cell: " + arguments);
        }
        return new RecordedFidelityCell(command.checkedCells().get(0), command.format());
    }
}
