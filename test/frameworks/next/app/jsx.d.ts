// Types <flowbot-chat> in this app's JSX (the element itself is registered by flowbot-chat/react).
import 'flowbot-chat/jsx';
