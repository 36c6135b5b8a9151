// The bare minimum of a chat box, in a file of its own as a widget's code is: the startChat request,
// the first message in a list, then a text field whose Enter (the form's submit) appends the
// visitor's bubble to the list and sends the answer with continueChat. Its settings come from the
// page's attributes, as the widget's do.
(function () {
  var chat = document.getElementById('chat');
  var log = document.getElementById('log');
  var form = document.getElementById('composer');
  var field = form.elements.answer;
  var post = function (path, body) {
    return fetch(chat.dataset.api + path, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(function (response) {
      return response.json();
    });
  };
  var bubble = function (text, who) {
    var item = document.createElement('li');
    item.className = who;
    item.textContent = text;
    log.append(item);
  };
  // A rich text message's words (its paragraphs' leaves, links' too), a markdown message's source, an image.
  var words = function (node) {
    return typeof node.text === 'string' ? node.text : (node.children || []).map(words).join('');
  };
  var showBotMessages = function (messages) {
    (messages || []).forEach(function (message) {
      var content = message.content;
      if (message.type === 'text')
        bubble(content.type === 'markdown' ? content.markdown : content.richText.map(words).join('\n'), 'bot');
      if (message.type === 'image') {
        var item = document.createElement('li');
        var image = item.appendChild(document.createElement('img'));
        image.src = content.url;
        image.alt = '';
        log.append(item);
      }
    });
  };

  __bench.watchAnswer(function () {
    return log.querySelector('.user');
  });
  post('/api/v1/flowbots/' + chat.dataset.id + '/startChat', { isStreamEnabled: true })
    .then(function (start) {
      showBotMessages(start.messages);
      form.addEventListener('submit', function (event) {
        event.preventDefault();
        var text = field.value.trim();
        if (!text) return;
        field.value = '';
        bubble(text, 'user');
        post('/api/v1/sessions/' + start.sessionId + '/continueChat', { message: text })
          .then(function (reply) {
            showBotMessages(reply.messages);
            return __bench.painted(function () {
              return true;
            }, 'end');
          })
          .then(__bench.answered, __bench.fail);
      });
      field.disabled = false;
      return __bench.painted(function () {
        return log.childElementCount > 0;
      }, 'firstMessage');
    })
    .then(__bench.loaded, __bench.fail);
})();
