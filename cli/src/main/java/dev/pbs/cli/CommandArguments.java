package dev.pbs.cli;

import java.util.List;
import picocli.CommandLine.Model.CommandSpec;

/** A command's arguments as the user gave them, after the command's own name: what a record keeps. */
final class CommandArguments {

    private CommandArguments() {}

    static List<String> of(CommandSpec spec) {
        List<String> arguments = spec.commandLine().getParseResult().originalArgs();
        String name = spec.name();
        int start = arguments.indexOf(name);
        return List.copyOf(start < 0 ? arguments : arguments.subList(start + 1, arguments.size()));
    }
}
