// Puts the widget in the host layout the query names: ?layout=block (the default), grid (one
// `1fr` column), flex-row, flex-column, table-cell (a real table's cell) or inline-block.
(function () {
  const layout = new URLSearchParams(location.search).get('layout') || 'block';
  const box = document.getElementById('layout');
  const widget = box.querySelector('flowbot-chat');
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
