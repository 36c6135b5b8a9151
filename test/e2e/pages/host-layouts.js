// Puts the widget in the host layout the query names: ?layout=block (the default), grid (one
// `1fr` column), flex-row, flex-column, table-cell (a real table's cell) or inline-block; ?id= the
// flow, when not the `wide` one.
(function () {
  const query = new URLSearchParams(location.search);
  const layout = query.get('layout') || 'block';
  const box = document.getElementById('layout');
  const widget = box.querySelector('flowbot-chat');
  // ?id= another of the reference server's flows than `wide`.
  if (query.get('id')) widget.setAttribute('public-id', query.get('id'));
  document.documentElement.dataset.layout = layout;
  if (layout === 'table-cell') {
    const table = document.createElement('table');
    const cell = table.insertRow().insertCell();
    cell.append(widget);
    box.append(table);
  } else if (layout === 'inline-block') {
    const inline = document.createElement('span');
    inline.className = 'inline-block';
    inline.append(widget);
    box.append('Chat with us: ', inline);
  } else if (layout !== 'block') {
    box.className = layout;
    const aside = document.createElement('p');
    aside.textContent = 'Beside the chat.';
    box.append(aside);
  }
})();
