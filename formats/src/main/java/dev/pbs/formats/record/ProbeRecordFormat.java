package dev.pbs.formats.record;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.pbs.formats.json.JsonMapping;

/**
 * The probe record's file format, version {@value #VERSION}: gzip-compressed JSON lines, one
 * object a line. The first line names the format and its version ({@code {"record":
 * "pbs-probe-record", "version": 1, "written_by": "pbs 0.1.0"}}); each following line is one event
 * of the run ({@link ProbeEventJson}), in the order the run applied them; the last line is {@code
 * {"type": "end", "events": N}}, N the events above it, so a record cut short is told from a whole
 * one.
 */
final class ProbeRecordFormat {

    /** The first line's {@code record} field. */
    static final String NAME = "pbs-probe-record";

    /** The version this pbs writes and reads. */
    static final int VERSION = 1;

    /** The closing line's type. */
    static final String END = "end";

    /** One line per object: the configuration of {@link JsonMapping}, without indentation. */
    static final ObjectMapper MAPPER =
            JsonMapping.configure(new ObjectMapper()).disable(SerializationFeature.INDENT_OUTPUT);

    private ProbeRecordFormat() {}
}
