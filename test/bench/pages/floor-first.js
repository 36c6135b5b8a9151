// The baseline's request and text, loaded with one <script src> as a widget is: its settings come
// from the page (attributes), as the widget's do. Served gzip-compressed like the widget's files.
(function () {
  var target = document.getElementById('message');
  fetch(target.dataset.api + '/api/v1/flowbots/' + target.dataset.id + '/startChat', {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: '{"isStreamEnabled":true}',
  })
    .then(function (response) {
      return response.json();
    })
    .then(function (body) {
      target.textContent = body.messages[0].content.richText[0].children[0].text;
      return __bench.painted(function () {
        return target.textContent !== '';
      }, 'firstMessage');
    })
    .then(function () {
      __bench.finish();
    }, __bench.fail);
})();
