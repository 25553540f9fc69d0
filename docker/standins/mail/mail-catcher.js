// A minimal SMTP receiver for container tests: enough of RFC 5321 for nodemailer, messages kept in memory.
const net = require('node:net');
const http = require('node:http');
const messages = [];

net
  .createServer((socket) => {
    let inData = false;
    let buffer = '';
    let current = { from: '', to: [], data: '' };
    socket.write('220 mail-standin ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 OK queued\r\n');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO') socket.write('250-mail-standin\r\n250 8BITMIME\r\n');
        else if (command === 'HELO') socket.write('250 mail-standin\r\n');
        else if (command === 'MAIL') {
          current.from = line.slice(10);
          socket.write('250 OK\r\n');
        } else if (command === 'RCPT') {
          current.to.push(line.slice(8));
          socket.write('250 OK\r\n');
        } else if (command === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (command === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => {});
  })
  .listen(1025, '0.0.0.0');

http
  .createServer((request, response) => {
    response.setHeader('Content-Type', 'application/json');
    if (request.url === '/livez') return response.end('{"ok":true}');
    response.end(JSON.stringify({ total: messages.length, messages }));
  })
  .listen(8025, '0.0.0.0');
