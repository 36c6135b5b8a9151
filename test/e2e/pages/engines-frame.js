// Sizes the frame from the query: ?width=390&height=760, and loads the page it names
// (&page=/host-layouts.html%3Flayout%3Dgrid; the long conversation's page by default).
const query = new URLSearchParams(location.search);
const frame = document.querySelector('iframe');
frame.width = query.get('width') || '390';
frame.height = query.get('height') || '760';
const page = query.get('page');
// Only a page of this site.
frame.src = page && /^\/[^/\\]/.test(page) ? page : '/engines-layout.html';
