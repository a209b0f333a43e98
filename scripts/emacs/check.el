;;; check.el --- Emacs with eglot against `catalint server', as a catalint user sets it up  -*- lexical-binding: t; -*-
;;
;; Run by scripts/emacs-eglot-check.sh, which puts catalint first on the PATH and sets
;; CATALINT_PROJECT to a folder with Player.swift and Save.swift. The recipe of docs/editors.md
;; (Emacs) is below, between the markers; then a Swift file's diagnostic as Flymake has it, the
;; "suppress on this line" action applied through `eglot-code-actions', and "fix all"
;; (source.fixAll.catalint) applied on save. Exits non-zero on any mismatch.

(require 'cl-lib)
(require 'eglot)

;; swift-mode comes from MELPA; a stand-in when it is not installed.
(unless (fboundp 'swift-mode)
  (define-derived-mode swift-mode prog-mode "Swift")
  (add-to-list 'auto-mode-alist '("\\.swift\\'" . swift-mode)))

;;; The recipe (docs/editors.md) starts here.
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               '((swift-mode swift-ts-mode objc-mode yaml-mode yaml-ts-mode nxml-mode) . ("catalint" "server"))))
(add-to-list 'auto-mode-alist '("\\.\\(storyboard\\|xib\\)\\'" . nxml-mode))
(add-to-list 'auto-mode-alist '("\\.mm\\'" . objc-mode))
(add-hook 'swift-mode-hook #'eglot-ensure)
(add-hook 'objc-mode-hook #'eglot-ensure)

(defun catalint-fix-all ()
  "Apply catalint's fix-all code action to the buffer, if it has one."
  (interactive)
  (when (and (eglot-managed-p)
             (eglot-code-actions (point-min) (point-max) "source.fixAll.catalint"))
    (eglot-code-actions (point-min) (point-max) "source.fixAll.catalint" t)))

(add-hook 'swift-mode-hook
          (lambda () (add-hook 'before-save-hook #'catalint-fix-all nil t)))
;;; The recipe ends here.

(defvar check-failures 0)
(defun check-say (format-string &rest arguments)
  (princ (concat (apply #'format format-string arguments) "\n")))
(defun check (condition what)
  (if condition
      (check-say "ok: %s" what)
    (setq check-failures (1+ check-failures))
    (check-say "FAILED: %s" what)))
(defun check-wait (predicate &optional seconds)
  "Wait up to SECONDS (20) for PREDICATE, serving the server's messages meanwhile. Batch mode has
no command loop and never idles, so what eglot and Flymake do from idle timers and after
commands is done here: send the buffer's changes, start a Flymake check."
  (let ((deadline (+ (float-time) (or seconds 20))))
    (while (and (not (funcall predicate)) (< (float-time) deadline))
      (when (eglot-managed-p)
        (eglot--signal-textDocument/didChange)
        (flymake-start))
      (accept-process-output nil 0.05))
    (funcall predicate)))
(defun check-line (number)
  (save-excursion (goto-char (point-min)) (forward-line (1- number))
                  (buffer-substring-no-properties (line-beginning-position) (line-end-position))))

(let* ((project (file-name-as-directory (getenv "CATALINT_PROJECT"))))
  ;; The diagnostic of Player.swift, as Flymake shows it.
  (find-file (concat project "Player.swift"))
  ;; eglot-ensure connects from the command loop, which batch mode has not: connect as it would.
  (unless (eglot-current-server) (call-interactively #'eglot))
  (check (check-wait #'eglot-current-server) "eglot connected to catalint server")
  (check (check-wait (lambda () (= (length (flymake-diagnostics)) 1))) "one diagnostic in Player.swift")
  (let ((diagnostic (car (flymake-diagnostics))))
    (check (and diagnostic (string-match-p "throws in the Mac idiom" (flymake-diagnostic-text diagnostic)))
           (format "the message says what breaks: %s" (and diagnostic (flymake-diagnostic-text diagnostic))))
    (check (and diagnostic (= (line-number-at-pos (flymake-diagnostic-beg diagnostic)) 2)) "on line 2")
    ;; "Suppress on this line", picked from the actions at the finding as a user picks it.
    (when diagnostic
      (goto-char (flymake-diagnostic-beg diagnostic))
      (let ((last-nonmenu-event ?a)
            (titles nil))
        (cl-letf (((symbol-function 'completing-read)
                   (lambda (_prompt items &rest _)
                     (setq titles (mapcar #'car items))
                     (car (cl-find-if (lambda (item) (string-match-p "on this line" (car item))) items)))))
          (eglot-code-actions (point) (point) nil t))
        (check (= (length titles) 4) (format "four actions offered: %s" (string-join titles " | "))))
      (check (check-wait (lambda () (equal (check-line 2) "    // catalint:disable:next slider-custom-appearance")))
             (format "the comment was inserted: %s" (check-line 2)))
      (check (check-wait (lambda () (null (flymake-diagnostics)))) "and it silences the finding")))

  ;; Fix all on save: Save.swift has two findings, each with a fix (unsafe_fixes: true in .catalint.yml).
  (find-file (concat project "Save.swift"))
  (check (check-wait #'eglot-managed-p) "eglot manages Save.swift too")
  (check (check-wait (lambda () (= (length (flymake-diagnostics)) 2))) "two findings in Save.swift")
  ;; As after an edit: an unmodified buffer is not saved at all.
  (set-buffer-modified-p t)
  (save-buffer)
  (let ((saved (with-temp-buffer (insert-file-contents (concat project "Save.swift")) (buffer-string))))
    (check (= 2 (with-temp-buffer (insert saved) (goto-char (point-min)) (how-many "preferredBehavioralStyle = \\.pad")))
           (format "saving applied both fixes to the file on disk:\n%s" saved)))
  (check (check-wait (lambda () (null (flymake-diagnostics)))) "and the findings are gone")

  (ignore-errors (eglot-shutdown (eglot-current-server)))
  (check-say (if (= check-failures 0) "all checks passed" (format "%d checks failed" check-failures)))
  (kill-emacs (if (= check-failures 0) 0 1)))
