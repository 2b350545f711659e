package dev.pbs.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
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

    /**
     * A test resource as a file: the profile fixtures come from the formats module's test jar, so
     * they are copied out to a temporary file under their own name (messages name the file).
     */
    static Path resource(String name) {
        try (InputStream in = CommandLineRun.class.getResourceAsStream("/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no test resource " + name);
            }
            Path file = Files.createTempDirectory("pbs-fixture")
                    .resolve(Path.of(name).getFileName().toString());
            Files.copy(in, file);
            file.toFile().deleteOnExit();
            file.getParent().toFile().deleteOnExit();
            return file;
        } catch (IOException problem) {
            throw new UncheckedIOException(problem);
        }
    }
}
