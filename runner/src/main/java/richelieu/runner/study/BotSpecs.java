package richelieu.runner.study;

import richelieu.runner.UserError;
import richelieu.strategies.BotSpec;
import richelieu.strategies.BotSpecException;
import richelieu.strategies.Bots;

import java.util.ArrayList;
import java.util.List;

/** Bot specs as the user typed them, parsed by a registry into one-line errors. */
public final class BotSpecs {
    private BotSpecs() {
    }

    /** The bot of {@code spec}; an unknown or malformed spec is a one-line {@link UserError}. */
    public static BotSpec parse(Bots registry, String spec) {
        try {
            return registry.parse(spec);
        } catch (BotSpecException e) {
            String m = e.getMessage();
            throw new UserError(m.startsWith("unknown bot") ? m + "; a bot of your own: --plugin JAR, "
                    + "RICHELIEU_PLUGINS, or its jar in plugins/ next to ./richelieu, see docs/plugins.md" : m);
        }
    }

    /** Each spec's definition ({@code NAME=SPEC} or the canonical spec): how result files name the bots. */
    public static List<String> definitions(Bots registry, List<String> specs) {
        List<String> labels = new ArrayList<>();
        for (String b : specs) {
            labels.add(parse(registry, b).definition());
        }
        return labels;
    }
}
