package dev.pbs.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

/** One in-process run of the command line: its exit status and what it wrote. */
record CommandLineRun(int status, String out, String err) {

    static CommandLineRun of(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = PbsCommandLine.execute(new PrintWriter(out), new PrintWriter(err), false, args);
        return new CommandLineRun(status, out.toString(), err.toString());
    }

    /** The lines written to stderr. */
    List<String> errorLines() {
        return err.lines().toList();
    }

    /** The path of a test resource. */
    static Path resource(String name) {
        try {
            return Path.of(CommandLineRun.class.getResource("/" + name).toURI());
        } catch (URISyntaxException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
