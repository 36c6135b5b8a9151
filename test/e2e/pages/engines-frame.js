// Sizes the frame from the query: ?width=390&height=760.
const query = new URLSearchParams(location.search);
const frame = document.querySelector('iframe');
frame.width = query.get('width') || '390';
frame.height = query.get('height') || '760';
