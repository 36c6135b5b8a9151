// One import registers <flowbot-chat> and types it in templates (svelte/elements).
import 'flowbot-chat/svelte';
import { mount } from 'svelte';
import App from './App.svelte';

mount(App, { target: document.getElementById('app')! });
