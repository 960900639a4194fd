/*
 * The careers page's apply form, in two steps as a public link's: the applicant's details first (a
 * code is mailed), then the code with the answers, which sends the application; the résumé goes up
 * afterwards by the ticket the application answers. Served by this server as a file (the pages' CSP
 * runs no inline script); the page's words come in #careers-words. No framework: the form is plain
 * HTML and this only sends it.
 */
(function () {
  'use strict';
  const form = document.getElementById('apply-form');
  const wordsElement = document.getElementById('careers-words');
  if (!form || !wordsElement) return;
  const page = JSON.parse(wordsElement.textContent || '{}');
  const messages = page.messages || {};
  const words = page.words || {};
  const language = form.dataset.language || 'en';
  const maxBytes = Number(form.dataset.maxBytes);
  const submit = document.getElementById('submit');
  const resend = document.getElementById('resend');
  const status = document.getElementById('status');
  const codeStep = document.getElementById('code-step');
  const codeInput = document.getElementById('code');
  const resumeInput = document.getElementById('resume');
  const done = document.getElementById('done');
  const resumeStatus = document.getElementById('resume-status');
  const retry = document.getElementById('resume-retry');
  let step = 'code';
  let upload = null;

  /** The API's English sentence in the page's language (as sent when it is not one of ours). */
  const say = (message) => messages[message] || message;

  const RESUME_TYPES = { pdf: 'application/pdf', doc: 'application/msword', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
  const resumeType = (file) => RESUME_TYPES[(file.name.split('.').pop() || '').toLowerCase()] || (Object.values(RESUME_TYPES).includes(file.type) ? file.type : null);

  function showStatus(text, bad) {
    status.textContent = text || '';
    status.classList.toggle('bad', !!bad);
  }

  function clearErrors() {
    for (const element of form.querySelectorAll('.error')) {
      element.textContent = '';
      element.hidden = true;
    }
    for (const element of form.querySelectorAll('[aria-invalid]')) element.removeAttribute('aria-invalid');
  }

  /** A field's message beside it: `answers.<id>` beside its question, `resume.size` beside the résumé. */
  function showFieldError(field, message) {
    const id = field.startsWith('answers.') ? `q-${field.slice('answers.'.length)}` : field.split('.')[0];
    const slot = document.getElementById(`err-${id}`);
    if (!slot) return false;
    slot.textContent = say(message);
    slot.hidden = false;
    const input = form.querySelector(`[name="${CSS.escape(id)}"]`);
    if (input) input.setAttribute('aria-invalid', 'true');
    return true;
  }

  function details() {
    return { name: form.elements.name.value, email: form.elements.email.value, phone: form.elements.phone.value, language };
  }

  function answers() {
    const list = [];
    for (const question of form.querySelectorAll('[data-question]')) {
      const id = question.dataset.question;
      const name = `q-${id}`;
      const value = question.dataset.kind === 'YES_NO' ? (form.querySelector(`input[name="${CSS.escape(name)}"]:checked`) || {}).value : form.elements[name].value;
      if (value && value.trim()) list.push({ questionId: id, answer: value.trim() });
    }
    return list;
  }

  async function post(url, body) {
    let response;
    try {
      response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
    } catch {
      return { ok: false, message: words.offline };
    }
    let json = null;
    try {
      json = await response.json();
    } catch {
      /* not JSON: a proxy's page */
    }
    if (response.ok && json && json.result === 1) return { ok: true, data: json.data };
    if (response.status === 429) return { ok: false, message: words.tooMany };
    return { ok: false, message: json && json.msg ? say(json.msg) : words.failed, errors: (json && json.errors) || {} };
  }

  function busy(on) {
    submit.disabled = on;
    resend.disabled = on;
    if (on) showStatus(words.sending);
  }

  function refuse(result) {
    const errors = result.errors || {};
    const shown = Object.keys(errors).filter((field) => showFieldError(field, errors[field]));
    // Said once: beside its field when it has one, else under the form.
    showStatus(shown.some((field) => say(errors[field]) === result.message) ? '' : result.message, true);
    const first = shown.length ? document.getElementById(`err-${shown[0].startsWith('answers.') ? `q-${shown[0].slice(8)}` : shown[0].split('.')[0]}`) : null;
    const target = first && first.closest('.field, fieldset');
    const input = target && target.querySelector('input, textarea');
    if (input) input.focus();
  }

  /** The résumé as chosen, checked here as the server will: its type and size. */
  function chosenResume() {
    const file = resumeInput.files && resumeInput.files[0];
    if (!file) return { file: null };
    const type = resumeType(file);
    if (!type) return { error: words.resumeType };
    if (file.size > maxBytes || file.size === 0) return { error: words.resumeTooLarge };
    return { file, type };
  }

  /** The form as the browser checks it, then the résumé as the server will; null (said on the form) when either fails. */
  function readyResume() {
    if (!form.reportValidity()) return null;
    const resume = chosenResume();
    if (resume.error) {
      showFieldError('resume', resume.error);
      resumeInput.focus();
      return null;
    }
    return resume;
  }

  async function sendCode() {
    // The code is asked for only when the rest of the form is filled in as it must be.
    codeInput.required = false;
    if (!readyResume()) return;
    busy(true);
    const result = await post(form.dataset.codeUrl, details());
    busy(false);
    if (!result.ok) return refuse(result);
    showStatus(say(result.data.message));
    step = 'apply';
    codeStep.hidden = false;
    resend.hidden = false;
    submit.textContent = words.submit;
    codeInput.required = true;
    codeInput.focus();
  }

  async function uploadResume() {
    if (!upload) return;
    retry.hidden = true;
    resumeStatus.textContent = words.uploading;
    try {
      const response = await fetch(upload.ticket.url, { method: upload.ticket.method, headers: upload.ticket.headers, body: upload.file });
      if (!response.ok) throw new Error(String(response.status));
      resumeStatus.textContent = words.resumeDone;
      upload = null;
    } catch {
      resumeStatus.textContent = words.resumeFailed;
      retry.hidden = false;
    }
  }

  async function apply() {
    codeInput.required = true;
    const resume = readyResume();
    if (!resume) return;
    busy(true);
    const body = { ...details(), code: codeInput.value.trim(), answers: answers(), resume: resume.file ? { contentType: resume.type, size: resume.file.size } : null };
    const result = await post(form.dataset.applyUrl, body);
    busy(false);
    if (!result.ok) return refuse(result);
    form.hidden = true;
    document.getElementById('done-message').textContent = [say(result.data.message), result.data.assessmentMailed ? words.assessmentMailed : ''].filter(Boolean).join(' ');
    done.hidden = false;
    done.focus();
    if (result.data.resumeUpload && resume.file) {
      upload = { ticket: result.data.resumeUpload, file: resume.file };
      await uploadResume();
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearErrors();
    showStatus('');
    void (step === 'code' ? sendCode() : apply());
  });
  resend.addEventListener('click', () => {
    clearErrors();
    void sendCode();
  });
  retry.addEventListener('click', () => void uploadResume());
})();
