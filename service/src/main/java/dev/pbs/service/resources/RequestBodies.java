package dev.pbs.service.resources;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.pbs.formats.json.JsonMapping;
import dev.pbs.service.errors.ApiProblem;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Reads a JSON request body of at most {@value #MAX_BYTES} bytes, as a tree or as the record that
 * defines it (a request body record of {@code requests}, which Jackson reads strictly).
 */
public final class RequestBodies {

    /** 1 MiB. */
    public static final int MAX_BYTES = 1 << 20;

    private RequestBodies() {}

    /** @throws ApiProblem 400 for an empty or malformed body, 413 for one over 1 MiB */
    public static JsonNode readJson(InputStream body) {
        byte[] bytes;
        try {
            bytes = body == null ? new byte[0] : body.readNBytes(MAX_BYTES + 1);
        } catch (IOException | RuntimeException unreadable) { // Jetty wraps a bad gzip body in RuntimeException
            throw ApiProblem.badRequest("the request body could not be read: " + unreadable.getMessage());
        }
        if (bytes.length > MAX_BYTES) {
            throw ApiProblem.of(413, "the request body is over " + MAX_BYTES + " bytes (1 MiB)");
        }
        if (bytes.length == 0) {
            throw ApiProblem.badRequest("the request body is empty: a JSON object is expected");
        }
        String text;
        try {
            text = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException notText) {
            throw ApiProblem.badRequest("the request body is not UTF-8 text");
        }
        try {
            JsonNode node = JsonMapping.readTree(text);
            if (node == null || node.isMissingNode()) {
                throw ApiProblem.badRequest("the request body is empty: a JSON object is expected");
            }
            return node;
        } catch (JsonProcessingException malformed) {
            throw ApiProblem.badRequest(
                    "malformed JSON: " + malformed.getOriginalMessage().replaceAll("\\s+", " "));
        }
    }

    /**
     * The body as the record Jackson reads it into.
     *
     * @throws ApiProblem as {@link #readJson}
     * @throws dev.pbs.questions.InvalidQuestionException naming a field of the wrong type, or an unknown one
     */
    public static <T> T read(InputStream body, Class<T> type) {
        JsonNode tree = readJson(body);
        try {
            return JsonMapping.mapper().treeToValue(tree, type);
        } catch (JsonProcessingException unreadable) {
            throw ApiProblem.badRequest(unreadable.getOriginalMessage());
        }
    }
}
