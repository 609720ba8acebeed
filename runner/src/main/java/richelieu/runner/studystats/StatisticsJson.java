package richelieu.runner.studystats;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import richelieu.runner.UserError;

import java.io.IOException;

/** The one Jackson mapper of the statistics records, both ways. */
final class StatisticsJson {
    /** Non-finite doubles are written as strings ("NaN", "Infinity"), Jackson's default, since JSON has no such numbers. */
    static final ObjectMapper MAPPER = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private StatisticsJson() {
    }

    /** Binds {@code tree}; a tree that does not fit is a one-line {@link UserError} starting with {@code what}. */
    static <T> T read(Class<T> type, JsonNode tree, String what) {
        try {
            return MAPPER.treeToValue(tree, type);
        } catch (IOException | IllegalArgumentException e) {
            String message = e instanceof JsonProcessingException p ? p.getOriginalMessage() : e.getMessage();
            throw new UserError(what + ": " + String.valueOf(message).lines().findFirst().orElse("malformed"));
        }
    }
}
