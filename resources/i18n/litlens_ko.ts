<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="ko_KR">
  <context>
    <name>AgreementView</name>
    <message>
      <source>Accept (A), reject (R) or correct (E) findings, or add your own from selected text: agreement with each judge appears here.</source>
      <translation>지적을 수락(A), 거부(R), 수정(E)하거나 선택한 글로 직접 추가하면 평가기별 일치도가 여기에 나타납니다.</translation>
    </message>
    <message>
      <source>Judge</source>
      <translation>평가기</translation>
    </message>
    <message>
      <source>Category</source>
      <translation>범주</translation>
    </message>
    <message>
      <source>Kept</source>
      <translation>유지</translation>
    </message>
    <message>
      <source>Corrected</source>
      <translation>수정</translation>
    </message>
    <message>
      <source>Rejected</source>
      <translation>거부</translation>
    </message>
    <message>
      <source>Added by you</source>
      <translation>직접 추가</translation>
    </message>
    <message>
      <source>Not reviewed</source>
      <translation>미검토</translation>
    </message>
    <message>
      <source>Precision</source>
      <translation>정밀도</translation>
    </message>
    <message>
      <source>Recall</source>
      <translation>재현율</translation>
    </message>
  </context>
  <context>
    <name>CategoryDialog</name>
    <message>
      <source>Name the error</source>
      <translation>오류 이름 고르기</translation>
    </message>
    <message>
      <source>Why you think so (optional)</source>
      <translation>그렇게 생각한 까닭 (선택)</translation>
    </message>
    <message>
      <source>Words</source>
      <translation>말</translation>
    </message>
    <message>
      <source>Category</source>
      <translation>범주</translation>
    </message>
    <message>
      <source>Severity</source>
      <translation>심각도</translation>
    </message>
    <message>
      <source>Note</source>
      <translation>메모</translation>
    </message>
    <message>
      <source>(Choose one of the more specific categories below it.)</source>
      <translation>(아래의 더 구체적인 범주 중 하나를 고르세요.)</translation>
    </message>
    <message>
      <source>Choose a category: its definition appears here.</source>
      <translation>범주를 고르면 여기에 정의가 나옵니다.</translation>
    </message>
  </context>
  <context>
    <name>ChapterNav</name>
    <message>
      <source>Go to a chapter of the book</source>
      <translation>책의 장으로 이동</translation>
    </message>
    <message>
      <source>{0}. {1}</source>
      <translation>{0}. {1}</translation>
    </message>
  </context>
  <context>
    <name>ConcordanceView</name>
    <message>
      <source>word or phrase (select it in the text, then Concordance)</source>
      <translation>낱말이나 구절(글에서 선택한 뒤 용례 보기)</translation>
    </message>
    <message>
      <source>in the source</source>
      <translation>원문에서</translation>
    </message>
    <message>
      <source>in the translation</source>
      <translation>번역문에서</translation>
    </message>
    <message>
      <source>Match case</source>
      <translation>대소문자 구분</translation>
    </message>
    <message>
      <source>Whole words</source>
      <translation>낱말 단위로</translation>
    </message>
    <message>
      <source>filter the lines (e.g. one rendering)</source>
      <translation>줄 거르기(예: 한 가지 번역어)</translation>
    </message>
    <message>
      <source>¶</source>
      <translation>¶</translation>
    </message>
    <message>
      <source>Before</source>
      <translation>앞</translation>
    </message>
    <message>
      <source>Occurrence</source>
      <translation>나온 말</translation>
    </message>
    <message>
      <source>After</source>
      <translation>뒤</translation>
    </message>
    <message>
      <source>Other side</source>
      <translation>맞은편 문단</translation>
    </message>
    <message>
      <source>No occurrence.</source>
      <translation>나온 곳이 없습니다.</translation>
    </message>
    <message>
      <source>{0} of {1} occurrence</source>
      <translation>{1}군데 중 {0}군데</translation>
    </message>
    <message>
      <source>{0} of {1} occurrences</source>
      <translation>{1}군데 중 {0}군데</translation>
    </message>
    <message>
      <source>Occurrences: {0}</source>
      <translation>나온 곳: {0}군데</translation>
    </message>
  </context>
  <context>
    <name>Docks</name>
    <message>
      <source>Findings</source>
      <translation>지적 사항</translation>
    </message>
    <message>
      <source>Scores</source>
      <translation>점수</translation>
    </message>
    <message>
      <source>Agreement</source>
      <translation>일치도</translation>
    </message>
    <message>
      <source>Runs</source>
      <translation>실행 기록</translation>
    </message>
    <message>
      <source>Failures</source>
      <translation>실패</translation>
    </message>
    <message>
      <source>Radar</source>
      <translation>레이더</translation>
    </message>
    <message>
      <source>Ranking</source>
      <translation>순위</translation>
    </message>
    <message>
      <source>Speech levels</source>
      <translation>높임 등급</translation>
    </message>
    <message>
      <source>Terms</source>
      <translation>용어</translation>
    </message>
    <message>
      <source>Judges</source>
      <translation>평가기</translation>
    </message>
    <message>
      <source>Summaries</source>
      <translation>요약 표</translation>
    </message>
  </context>
  <context>
    <name>DrillDialog</name>
    <message>
      <source>Speech-level drill</source>
      <translation>높임 등급 연습</translation>
    </message>
    <message>
      <source>Not sure</source>
      <translation>잘 모르겠음</translation>
    </message>
    <message>
      <source>Check</source>
      <translation>확인</translation>
    </message>
    <message>
      <source>Next sentence</source>
      <translation>다음 문장</translation>
    </message>
    <message>
      <source>Done.</source>
      <translation>끝났습니다.</translation>
    </message>
    <message>
      <source>{0} of {1} graded sentences right; {2} not graded (the analyser was unsure).</source>
      <translation>채점한 {1}문장 중 {0}문장을 맞혔습니다. {2}문장은 분석기가 확신하지 못해 채점하지 않았습니다.</translation>
    </message>
    <message>
      <source>Sentence {0} of {1}: which speech level?</source>
      <translation>{1}문장 중 {0}번째: 어떤 높임 등급인가요?</translation>
    </message>
    <message>
      <source>Pick a level, or Not sure.</source>
      <translation>등급을 고르거나 '잘 모르겠음'을 고르세요.</translation>
    </message>
    <message>
      <source>Right.</source>
      <translation>맞았습니다.</translation>
    </message>
    <message>
      <source>Not quite.</source>
      <translation>틀렸습니다.</translation>
    </message>
    <message>
      <source>Not graded.</source>
      <translation>채점하지 않음.</translation>
    </message>
  </context>
  <context>
    <name>EditController</name>
    <message>
      <source>The change could not be saved ({0}).</source>
      <translation>변경을 저장할 수 없습니다({0}).</translation>
    </message>
    <message>
      <source>Saved revision {0} of {1}.</source>
      <translation>{1}의 수정본 {0}을 저장했습니다.</translation>
    </message>
    <message>
      <source>Applied “{0}”; the finding is resolved.</source>
      <translation>“{0}”을(를) 적용했습니다. 이 지적은 해결되었습니다.</translation>
    </message>
    <message>
      <source>Nothing to undo.</source>
      <translation>취소할 작업이 없습니다.</translation>
    </message>
    <message>
      <source>Nothing to redo.</source>
      <translation>다시 실행할 작업이 없습니다.</translation>
    </message>
    <message>
      <source>Undone: {0}</source>
      <translation>실행 취소함: {0}</translation>
    </message>
    <message>
      <source>Redone: {0}</source>
      <translation>다시 실행함: {0}</translation>
    </message>
  </context>
  <context>
    <name>ExerciseController</name>
    <message>
      <source>New e&amp;xercise from project…</source>
      <translation>프로젝트로 연습 문제 만들기(&amp;X)…</translation>
    </message>
    <message>
      <source>Open e&amp;xercise…</source>
      <translation>연습 문제 열기(&amp;X)…</translation>
    </message>
    <message>
      <source>My &amp;progress…</source>
      <translation>내 학습 기록(&amp;P)…</translation>
    </message>
    <message>
      <source>Open a project first.</source>
      <translation>먼저 프로젝트를 여세요.</translation>
    </message>
    <message>
      <source>Exercise exported to {0}</source>
      <translation>연습 문제를 {0}(으)로 내보냈습니다</translation>
    </message>
    <message>
      <source>Open an exercise</source>
      <translation>연습 문제 열기</translation>
    </message>
    <message>
      <source>LitLens exercises (*{0});;All files (*)</source>
      <translation>LitLens 연습 문제 (*{0});;모든 파일 (*)</translation>
    </message>
    <message>
      <source>This exercise could not be opened</source>
      <translation>이 연습 문제를 열 수 없습니다</translation>
    </message>
  </context>
  <context>
    <name>ExerciseReasons</name>
    <message>
      <source>critical</source>
      <translation>치명</translation>
    </message>
    <message>
      <source>major</source>
      <translation>중대</translation>
    </message>
    <message>
      <source>minor</source>
      <translation>경미</translation>
    </message>
    <message>
      <source>neutral</source>
      <translation>중립</translation>
    </message>
    <message>
      <source>{0}: {1}</source>
      <translation>{0}: {1}</translation>
    </message>
    <message>
      <source>Why: {0}</source>
      <translation>까닭: {0}</translation>
    </message>
    <message>
      <source>characters {0}–{1}</source>
      <translation>{0}–{1}번째 글자</translation>
    </message>
    <message>
      <source>Missed: {0} is a {1} error in the key — {2}</source>
      <translation>놓침: {0}은(는) 정답에서 {1} 오류입니다 — {2}</translation>
    </message>
    <message>
      <source>Category: you named {0} {1}; the key has {2}</source>
      <translation>범주: {0}을(를) {1}(으)로 골랐지만 정답은 {2}</translation>
    </message>
    <message>
      <source>The branch ({0}) is right; the exact category is not.</source>
      <translation>상위 범주({0})는 맞았지만 세부 범주는 틀렸습니다.</translation>
    </message>
    <message>
      <source>What you chose means: {0}</source>
      <translation>내가 고른 범주의 뜻: {0}</translation>
    </message>
    <message>
      <source>Severity: you rated {0} {1}; the key rates it {2} — {3}</source>
      <translation>심각도: {0}을(를) {1}(으)로 매겼지만 정답은 {2}입니다 — {3}</translation>
    </message>
    <message>
      <source>Extra: the key has no error at {0}. You marked it {1}, which would mean: {2}</source>
      <translation>정답에 없음: 정답에는 {0}에 오류가 없습니다. {1}(으)로 표시했는데, 그 범주의 뜻은 이렇습니다: {2}</translation>
    </message>
    <message>
      <source>Found {0} of {1} key findings; {2} of your {3} are not in the key.</source>
      <translation>정답의 지적 {1}개 중 {0}개를 찾았습니다. 내가 표시한 {3}개 중 {2}개는 정답에 없습니다.</translation>
    </message>
    <message>
      <source>Precision {0} · recall {1} · F1 {2}</source>
      <translation>정밀도 {0} · 재현율 {1} · F1 {2}</translation>
    </message>
    <message>
      <source>Category right (top level) {0} · exact category {1} · severity agreed {2}</source>
      <translation>상위 범주 맞음 {0} · 세부 범주 맞음 {1} · 심각도 일치 {2}</translation>
    </message>
    <message>
      <source>Wrong category</source>
      <translation>범주 틀림</translation>
    </message>
    <message>
      <source>Missed</source>
      <translation>놓침</translation>
    </message>
    <message>
      <source>Extra</source>
      <translation>정답에 없음</translation>
    </message>
    <message>
      <source>Severity</source>
      <translation>심각도</translation>
    </message>
  </context>
  <context>
    <name>ExerciseWindow</name>
    <message>
      <source>Exercise: {0}</source>
      <translation>연습 문제: {0}</translation>
    </message>
    <message>
      <source>Select the words of an error in the translation, press Mark (Ctrl+M) and name it. Submit when you have found all you can.</source>
      <translation>번역에서 오류가 있는 말을 선택하고 표시(Ctrl+M)를 눌러 오류의 이름을 고르세요. 찾을 수 있는 것을 다 찾았으면 제출하세요.</translation>
    </message>
    <message>
      <source>Your name (your attempts are kept under it)</source>
      <translation>이름 (풀이 기록이 이 이름으로 저장됩니다)</translation>
    </message>
    <message>
      <source>Student:</source>
      <translation>학생:</translation>
    </message>
    <message>
      <source>Source</source>
      <translation>원문</translation>
    </message>
    <message>
      <source>Translation</source>
      <translation>번역</translation>
    </message>
    <message>
      <source>The key</source>
      <translation>정답</translation>
    </message>
    <message>
      <source>Mark the selected words…</source>
      <translation>선택한 말 표시…</translation>
    </message>
    <message>
      <source>Remove</source>
      <translation>빼기</translation>
    </message>
    <message>
      <source>Submit</source>
      <translation>제출</translation>
    </message>
    <message>
      <source>Try again</source>
      <translation>다시 풀기</translation>
    </message>
    <message>
      <source>Speech-level drill…</source>
      <translation>높임 등급 연습…</translation>
    </message>
    <message>
      <source>Export answers…</source>
      <translation>답안 내보내기…</translation>
    </message>
    <message>
      <source>Save your findings as a file your instructor can grade</source>
      <translation>내가 찾은 오류를 강사가 채점할 수 있는 파일로 저장합니다</translation>
    </message>
    <message>
      <source>Select the words of one error in the translation first (within one paragraph).</source>
      <translation>먼저 번역에서 오류 하나에 해당하는 말을 선택하세요(한 문단 안에서).</translation>
    </message>
    <message>
      <source>Your findings</source>
      <translation>내가 찾은 오류</translation>
    </message>
    <message>
      <source>Your grade</source>
      <translation>채점 결과</translation>
    </message>
    <message>
      <source>Everything matches the key.</source>
      <translation>모두 정답과 일치합니다.</translation>
    </message>
    <message>
      <source>Export your answers</source>
      <translation>답안 내보내기</translation>
    </message>
    <message>
      <source>LitLens answers (*{0})</source>
      <translation>LitLens 답안 (*{0})</translation>
    </message>
    <message>
      <source>The answers could not be saved ({0}).</source>
      <translation>답안을 저장할 수 없습니다({0}).</translation>
    </message>
    <message>
      <source>Answers saved to {0}.</source>
      <translation>답안을 {0}에 저장했습니다.</translation>
    </message>
    <message>
      <source>Graded. Enter your name to keep your attempts and see your progress.</source>
      <translation>채점했습니다. 풀이를 저장하고 학습 기록을 보려면 이름을 입력하세요.</translation>
    </message>
    <message>
      <source>Graded and kept in {0}'s progress.</source>
      <translation>채점하여 {0}의 학습 기록에 저장했습니다.</translation>
    </message>
    <message>
      <source>The attempt could not be kept ({0}).</source>
      <translation>풀이를 저장할 수 없습니다({0}).</translation>
    </message>
    <message>
      <source>Reading the speech levels…</source>
      <translation>높임 등급을 읽는 중…</translation>
    </message>
    <message>
      <source>No Korean sentences to drill in this exercise.</source>
      <translation>이 연습 문제에는 연습할 한국어 문장이 없습니다.</translation>
    </message>
    <message>
      <source>The drill could not start ({0}).</source>
      <translation>연습을 시작할 수 없습니다({0}).</translation>
    </message>
    <message>
      <source>critical</source>
      <translation>치명</translation>
    </message>
    <message>
      <source>major</source>
      <translation>중대</translation>
    </message>
    <message>
      <source>minor</source>
      <translation>경미</translation>
    </message>
    <message>
      <source>neutral</source>
      <translation>중립</translation>
    </message>
  </context>
  <context>
    <name>ExportActions</name>
    <message>
      <source>Open folder</source>
      <translation>폴더 열기</translation>
    </message>
    <message>
      <source>Exported to {0}</source>
      <translation>{0}(으)로 내보냈습니다</translation>
    </message>
    <message>
      <source>Open a project first.</source>
      <translation>먼저 프로젝트를 여세요.</translation>
    </message>
  </context>
  <context>
    <name>ExportDialog</name>
    <message>
      <source>Export</source>
      <translation>내보내기</translation>
    </message>
    <message>
      <source>Choose…</source>
      <translation>고르기…</translation>
    </message>
    <message>
      <source>What</source>
      <translation>내용</translation>
    </message>
    <message>
      <source>Translation</source>
      <translation>번역</translation>
    </message>
    <message>
      <source>File</source>
      <translation>파일</translation>
    </message>
    <message>
      <source>{0}-revised</source>
      <translation>{0}-수정본</translation>
    </message>
    <message>
      <source>{0} is a folder: add a file name to it.</source>
      <translation>{0}: 폴더입니다. 파일 이름까지 적어 주세요.</translation>
    </message>
    <message>
      <source>The folder {0} does not exist: choose another with Choose…, or create it first.</source>
      <translation>없는 폴더입니다: {0}. ‘고르기…’로 다른 폴더를 고르거나 먼저 폴더를 만드세요.</translation>
    </message>
    <message>
      <source>You cannot write in the folder {0}: choose another with Choose….</source>
      <translation>쓸 수 없는 폴더입니다: {0}. ‘고르기…’로 다른 폴더를 고르세요.</translation>
    </message>
    <message>
      <source>Export to</source>
      <translation>내보낼 위치</translation>
    </message>
    <message>
      <source>Report — HTML page</source>
      <translation>보고서 — HTML 페이지</translation>
    </message>
    <message>
      <source>Report — PDF</source>
      <translation>보고서 — PDF</translation>
    </message>
    <message>
      <source>Findings — Excel (XLSX)</source>
      <translation>지적 목록 — Excel (XLSX)</translation>
    </message>
    <message>
      <source>Findings — CSV</source>
      <translation>지적 목록 — CSV</translation>
    </message>
    <message>
      <source>Everything — JSON</source>
      <translation>전체 — JSON</translation>
    </message>
    <message>
      <source>XLIFF with the findings as notes</source>
      <translation>지적을 메모로 담은 XLIFF</translation>
    </message>
    <message>
      <source>Revised translation — plain text</source>
      <translation>수정된 번역 — 일반 텍스트</translation>
    </message>
    <message>
      <source>Revised translation — Word (DOCX)</source>
      <translation>수정된 번역 — Word (DOCX)</translation>
    </message>
    <message>
      <source>Revised translation — XLIFF (original segment IDs)</source>
      <translation>수정된 번역 — XLIFF (원래 세그먼트 ID)</translation>
    </message>
  </context>
  <context>
    <name>Exporter</name>
    <message>
      <source>Open a project first.</source>
      <translation>먼저 프로젝트를 여세요.</translation>
    </message>
    <message>
      <source>Export failed: {0}</source>
      <translation>내보내기 실패: {0}</translation>
    </message>
  </context>
  <context>
    <name>FailuresList</name>
    <message>
      <source>Judge</source>
      <translation>평가기</translation>
    </message>
    <message>
      <source>Candidate</source>
      <translation>후보</translation>
    </message>
    <message>
      <source>Unit</source>
      <translation>작업 단위</translation>
    </message>
    <message>
      <source>Error</source>
      <translation>오류</translation>
    </message>
    <message>
      <source>Raw answer:</source>
      <translation>모델 원문 답:</translation>
    </message>
  </context>
  <context>
    <name>FindActions</name>
    <message>
      <source>Concordance</source>
      <translation>용례</translation>
    </message>
    <message>
      <source>This occurrence has no aligned paragraph in the translation to show it beside.</source>
      <translation>이 용례에는 나란히 보여 줄 번역문 문단이 정렬되어 있지 않습니다.</translation>
    </message>
  </context>
  <context>
    <name>FindReplaceDialog</name>
    <message>
      <source>Find and replace in the translation</source>
      <translation>번역문에서 찾아 바꾸기</translation>
    </message>
    <message>
      <source>word, phrase or regular expression</source>
      <translation>낱말, 구절 또는 정규 표현식</translation>
    </message>
    <message>
      <source>replacement (\1 inserts a group of a regular expression)</source>
      <translation>바꿀 말(\1은 정규 표현식의 묶음을 넣습니다)</translation>
    </message>
    <message>
      <source>Regular e&amp;xpression</source>
      <translation>정규 표현식(&amp;X)</translation>
    </message>
    <message>
      <source>Match &amp;case</source>
      <translation>대소문자 구분(&amp;C)</translation>
    </message>
    <message>
      <source>&amp;Whole words</source>
      <translation>낱말 단위로(&amp;W)</translation>
    </message>
    <message>
      <source>&amp;Find:</source>
      <translation>찾을 말(&amp;F):</translation>
    </message>
    <message>
      <source>Replace &amp;with:</source>
      <translation>바꿀 말(&amp;W):</translation>
    </message>
    <message>
      <source>¶</source>
      <translation>¶</translation>
    </message>
    <message>
      <source>Before</source>
      <translation>앞</translation>
    </message>
    <message>
      <source>Found</source>
      <translation>찾은 말</translation>
    </message>
    <message>
      <source>Replaced by</source>
      <translation>바뀔 말</translation>
    </message>
    <message>
      <source>After</source>
      <translation>뒤</translation>
    </message>
    <message>
      <source>&amp;Preview</source>
      <translation>미리 보기(&amp;P)</translation>
    </message>
    <message>
      <source>&amp;Replace ticked</source>
      <translation>체크한 것 바꾸기(&amp;R)</translation>
    </message>
    <message>
      <source>Press Preview to see the changes again.</source>
      <translation>바뀔 내용을 다시 보려면 미리 보기를 누르세요.</translation>
    </message>
    <message>
      <source>Open a project first.</source>
      <translation>먼저 프로젝트를 여세요.</translation>
    </message>
    <message>
      <source>{0} changes in {1} paragraph of {2}.</source>
      <translation>{2}의 {1}개 문단에서 {0}군데가 바뀝니다.</translation>
    </message>
    <message>
      <source>{0} changes in {1} paragraphs of {2}.</source>
      <translation>{2}의 {1}개 문단에서 {0}군데가 바뀝니다.</translation>
    </message>
    <message>
      <source>{0} change in {1} paragraph of {2}.</source>
      <translation>{2}의 {1}개 문단에서 {0}군데가 바뀝니다.</translation>
    </message>
    <message>
      <source>No match.</source>
      <translation>찾은 것이 없습니다.</translation>
    </message>
    <message>
      <source>Nothing is ticked.</source>
      <translation>체크한 것이 없습니다.</translation>
    </message>
    <message>
      <source>replace “{0}” with “{1}”</source>
      <translation>“{0}”을(를) “{1}”(으)로 바꾸기</translation>
    </message>
    <message>
      <source>Replacing {0} occurrence…</source>
      <translation>{0}군데를 바꾸는 중…</translation>
    </message>
    <message>
      <source>Replacing {0} occurrences…</source>
      <translation>{0}군데를 바꾸는 중…</translation>
    </message>
    <message>
      <source>{0} Edit › Undo takes it back; Preview searches again.</source>
      <translation>{0} 편집 › 실행 취소로 되돌릴 수 있고, 미리 보기를 누르면 다시 찾습니다.</translation>
    </message>
  </context>
  <context>
    <name>FindingChecks</name>
    <message>
      <source>verified</source>
      <translation>검증됨</translation>
    </message>
    <message>
      <source>no improvement</source>
      <translation>개선 없음</translation>
    </message>
    <message>
      <source>order-dependent</source>
      <translation>순서에 따라 다름</translation>
    </message>
    <message>
      <source>not checked</source>
      <translation>확인 안 됨</translation>
    </message>
    <message>
      <source>{0} of {1}</source>
      <translation>{1}개 중 {0}</translation>
    </message>
    <message>
      <source>No decisions of yours on {0} yet.</source>
      <translation>{0}에 대한 내 결정이 아직 없습니다.</translation>
    </message>
    <message>
      <source>{0} is right {1} [{2}, {3}] of the time on {4} for you (n = {5}).</source>
      <translation>{4}에서 {0}의 지적은 나에게 {1} [{2}, {3}] 맞았습니다 (n = {5}).</translation>
    </message>
    <message>
      <source>Too few decisions for your calibration to act on.</source>
      <translation>보정 규칙이 작동하기에는 결정이 너무 적습니다.</translation>
    </message>
    <message>
      <source>You keep rejecting this judge here.</source>
      <translation>이 범주에서 이 평가자의 지적을 계속 거부하고 있습니다.</translation>
    </message>
    <message>
      <source>Calibrated chance this finding is right: {0}.</source>
      <translation>보정된, 이 지적이 맞을 가능성: {0}.</translation>
    </message>
    <message>
      <source>Found in {0} of {1} samples.</source>
      <translation>표본 {1}개 중 {0}개에서 발견되었습니다.</translation>
    </message>
    <message>
      <source>Score {0}: {1} to {2} over {3} samples (sd {4}).</source>
      <translation>점수 {0}: 표본 {3}개에서 {1}–{2} (표준편차 {4}).</translation>
    </message>
    <message>
      <source>Fix verified: the fixed paragraph was preferred in both orders.</source>
      <translation>수정안 검증됨: 두 제시 순서 모두에서 고친 문단이 더 낫다고 판단되었습니다.</translation>
    </message>
    <message>
      <source>No improvement: the fixed paragraph was not preferred in either order.</source>
      <translation>개선 없음: 어느 제시 순서에서도 고친 문단이 더 낫다고 판단되지 않았습니다.</translation>
    </message>
    <message>
      <source>Order-dependent: the verifier's choice followed the order it was shown.</source>
      <translation>순서에 따라 다름: 검증기의 선택이 제시 순서를 따랐습니다.</translation>
    </message>
    <message>
      <source>The fix could not be checked: {0}</source>
      <translation>수정안을 확인할 수 없습니다: {0}</translation>
    </message>
  </context>
  <context>
    <name>FindingDialog</name>
    <message>
      <source>Finding</source>
      <translation>지적</translation>
    </message>
    <message>
      <source>Replacement text, if you know it (optional; P applies it)</source>
      <translation>알고 있다면 바꿀 말(선택, P로 적용)</translation>
    </message>
    <message>
      <source>Why (optional)</source>
      <translation>이유(선택)</translation>
    </message>
    <message>
      <source>Category</source>
      <translation>범주</translation>
    </message>
    <message>
      <source>Severity</source>
      <translation>심각도</translation>
    </message>
    <message>
      <source>Select the words</source>
      <translation>단어 선택</translation>
    </message>
    <message>
      <source>Text</source>
      <translation>글</translation>
    </message>
    <message>
      <source>Replace with</source>
      <translation>바꿀 말</translation>
    </message>
    <message>
      <source>Note</source>
      <translation>메모</translation>
    </message>
    <message>
      <source>(select the words the finding is about)</source>
      <translation>(지적 대상 단어를 선택하세요)</translation>
    </message>
  </context>
  <context>
    <name>FindingsList</name>
    <message>
      <source>Suggestion:</source>
      <translation>제안:</translation>
    </message>
    <message>
      <source>All judges</source>
      <translation>모든 평가기</translation>
    </message>
    <message>
      <source>All categories</source>
      <translation>모든 범주</translation>
    </message>
    <message>
      <source>All severities</source>
      <translation>모든 심각도</translation>
    </message>
    <message>
      <source>Any status</source>
      <translation>모든 상태</translation>
    </message>
    <message>
      <source>Severity</source>
      <translation>심각도</translation>
    </message>
    <message>
      <source>¶</source>
      <translation>¶</translation>
    </message>
    <message>
      <source>Judge</source>
      <translation>평가기</translation>
    </message>
    <message>
      <source>Category</source>
      <translation>범주</translation>
    </message>
    <message>
      <source>Text</source>
      <translation>글</translation>
    </message>
    <message>
      <source>Review</source>
      <translation>검토</translation>
    </message>
    <message>
      <source>Explanation</source>
      <translation>설명</translation>
    </message>
    <message>
      <source>Right for you</source>
      <translation>나에게 맞은 비율</translation>
    </message>
    <message>
      <source>Found</source>
      <translation>찾은 말</translation>
    </message>
    <message>
      <source>Fix</source>
      <translation>수정안</translation>
    </message>
    <message>
      <source>Select a finding to read it in full.</source>
      <translation>지적을 고르면 전체 내용을 볼 수 있습니다.</translation>
    </message>
    <message>
      <source>Apply the correction</source>
      <translation>수정 제안 적용</translation>
    </message>
    <message>
      <source>Apply all verified fixes</source>
      <translation>검증된 수정안 모두 적용</translation>
    </message>
    <message>
      <source>Apply every open finding's fix that the verifier preferred in both orders: one revision, one undo</source>
      <translation>검증기가 두 순서 모두에서 더 낫다고 본 열린 지적의 수정안을 모두 적용합니다: 수정본 하나, 실행 취소 한 번</translation>
    </message>
    <message>
      <source>{0} of {1} finding</source>
      <translation>지적 {1}개 중 {0}개</translation>
    </message>
    <message>
      <source>{0} of {1} findings</source>
      <translation>지적 {1}개 중 {0}개</translation>
    </message>
    <message>
      <source>{0} finding</source>
      <translation>지적 {0}개</translation>
    </message>
    <message>
      <source>{0} findings</source>
      <translation>지적 {0}개</translation>
    </message>
    <message>
      <source>{0} row</source>
      <translation>{0}행</translation>
    </message>
    <message>
      <source>{0} rows</source>
      <translation>{0}행</translation>
    </message>
    <message>
      <source>{0} (not located in the text)</source>
      <translation>{0} (본문에서 찾지 못함)</translation>
    </message>
    <message>
      <source>Source:</source>
      <translation>원문:</translation>
    </message>
    <message>
      <source>the words it was about are no longer in the text.</source>
      <translation>이 지적이 가리키던 말이 이제 글에 없습니다.</translation>
    </message>
    <message>
      <source>You accepted this finding.</source>
      <translation>이 지적을 수락했습니다.</translation>
    </message>
    <message>
      <source>You rejected this finding.</source>
      <translation>이 지적을 거부했습니다.</translation>
    </message>
    <message>
      <source>You corrected it to {0} · {1}.</source>
      <translation>{0} · {1}(으)로 수정했습니다.</translation>
    </message>
    <message>
      <source>{0} finding hidden by your calibration</source>
      <translation>보정 규칙이 지적 {0}개를 숨겼습니다</translation>
    </message>
    <message>
      <source>{0} findings hidden by your calibration</source>
      <translation>보정 규칙이 지적 {0}개를 숨겼습니다</translation>
    </message>
    <message>
      <source>show</source>
      <translation>보기</translation>
    </message>
    <message>
      <source>showing {0} finding your calibration hides</source>
      <translation>보정 규칙이 숨기는 지적 {0}개를 보여 주는 중</translation>
    </message>
    <message>
      <source>showing {0} findings your calibration hides</source>
      <translation>보정 규칙이 숨기는 지적 {0}개를 보여 주는 중</translation>
    </message>
    <message>
      <source>hide them</source>
      <translation>숨기기</translation>
    </message>
    <message>
      <source>{0} finding faded by your calibration</source>
      <translation>보정 규칙이 지적 {0}개를 흐리게 표시했습니다</translation>
    </message>
    <message>
      <source>{0} findings faded by your calibration</source>
      <translation>보정 규칙이 지적 {0}개를 흐리게 표시했습니다</translation>
    </message>
    <message>
      <source>Your decisions</source>
      <translation>내 결정</translation>
    </message>
    <message>
      <source>Your calibration could not be read: {0}</source>
      <translation>보정 정보를 읽을 수 없습니다: {0}</translation>
    </message>
    <message>
      <source>Apply “{0}”</source>
      <translation>“{0}” 적용</translation>
    </message>
    <message>
      <source>Replace the finding's words by its correction (P)</source>
      <translation>지적된 말을 수정안으로 바꿉니다 (P)</translation>
    </message>
    <message>
      <source>This finding has no correction that can be applied.</source>
      <translation>이 지적에는 적용할 수 있는 수정안이 없습니다.</translation>
    </message>
    <message>
      <source>critical</source>
      <translation>치명</translation>
    </message>
    <message>
      <source>major</source>
      <translation>중대</translation>
    </message>
    <message>
      <source>minor</source>
      <translation>경미</translation>
    </message>
    <message>
      <source>neutral</source>
      <translation>중립</translation>
    </message>
    <message>
      <source>open</source>
      <translation>검토 전</translation>
    </message>
    <message>
      <source>accepted</source>
      <translation>수락함</translation>
    </message>
    <message>
      <source>corrected</source>
      <translation>수정함</translation>
    </message>
    <message>
      <source>rejected</source>
      <translation>거부함</translation>
    </message>
    <message>
      <source>added</source>
      <translation>추가함</translation>
    </message>
    <message>
      <source>applied</source>
      <translation>적용함</translation>
    </message>
    <message>
      <source>outdated</source>
      <translation>수정으로 낡음</translation>
    </message>
    <message>
      <source>Outdated by your edit</source>
      <translation>수정으로 낡은 지적</translation>
    </message>
  </context>
  <context>
    <name>FixActions</name>
    <message>
      <source>price of {0} unknown</source>
      <translation>{0} 가격 모름</translation>
    </message>
    <message>
      <source>{0} verifier call</source>
      <translation>검증 호출 {0}회</translation>
    </message>
    <message>
      <source>{0} verifier calls</source>
      <translation>검증 호출 {0}회</translation>
    </message>
    <message>
      <source>about {0} tokens in, {1} out</source>
      <translation>입력 약 {0}토큰, 출력 {1}토큰</translation>
    </message>
    <message>
      <source>{0} answered before (free)</source>
      <translation>{0}개는 이전 답변 재사용(무료)</translation>
    </message>
    <message>
      <source>Check the suggested &amp;fixes…</source>
      <translation>제안된 수정안 검증(&amp;F)…</translation>
    </message>
    <message>
      <source>Apply all &amp;verified fixes</source>
      <translation>검증된 수정안 모두 적용(&amp;V)</translation>
    </message>
    <message>
      <source>No open finding here has a correction to check.</source>
      <translation>여기에는 검증할 수정안이 있는 열린 지적이 없습니다.</translation>
    </message>
    <message>
      <source>Checking fixes asks an LLM: choose a provider in the judge panel.</source>
      <translation>수정안 검증에는 LLM이 필요합니다: 평가자 패널에서 제공자를 고르세요.</translation>
    </message>
    <message>
      <source>Check the suggested fixes</source>
      <translation>제안된 수정안 검증</translation>
    </message>
    <message>
      <source>Ask the verifier about {0} fix, in both orders?
{1}</source>
      <translation>수정안 {0}개를 두 순서로 검증기에 물을까요?
{1}</translation>
    </message>
    <message>
      <source>Ask the verifier about {0} fixes, in both orders?
{1}</source>
      <translation>수정안 {0}개를 두 순서로 검증기에 물을까요?
{1}</translation>
    </message>
    <message>
      <source>Checked {0} fix: {1} verified.</source>
      <translation>수정안 {0}개를 확인했습니다: {1}개 검증됨.</translation>
    </message>
    <message>
      <source>Checked {0} fixes: {1} verified.</source>
      <translation>수정안 {0}개를 확인했습니다: {1}개 검증됨.</translation>
    </message>
    <message>
      <source>The fixes could not be checked: {0}</source>
      <translation>수정안을 확인할 수 없습니다: {0}</translation>
    </message>
    <message>
      <source>No verified fix to apply: check the suggested fixes first.</source>
      <translation>적용할 검증된 수정안이 없습니다: 먼저 제안된 수정안을 검증하세요.</translation>
    </message>
    <message>
      <source>Applied {0} verified fixes as one revision (one undo).</source>
      <translation>검증된 수정안 {0}개를 수정본 하나로 적용했습니다(실행 취소 한 번).</translation>
    </message>
    <message>
      <source>{0} left out: {1}</source>
      <translation>{0}개 제외: {1}</translation>
    </message>
  </context>
  <context>
    <name>HistoryLabels</name>
    <message>
      <source>accept</source>
      <translation>수락</translation>
    </message>
    <message>
      <source>reject</source>
      <translation>거부</translation>
    </message>
    <message>
      <source>correct</source>
      <translation>수정</translation>
    </message>
    <message>
      <source>add</source>
      <translation>지적 추가</translation>
    </message>
    <message>
      <source>withdraw</source>
      <translation>결정 철회</translation>
    </message>
    <message>
      <source>edit</source>
      <translation>편집</translation>
    </message>
    <message>
      <source>apply correction</source>
      <translation>수정 제안 적용</translation>
    </message>
    <message>
      <source>apply verified fixes</source>
      <translation>검증된 수정 적용</translation>
    </message>
    <message>
      <source>review import</source>
      <translation>검토 가져오기</translation>
    </message>
    <message>
      <source>reject all like this</source>
      <translation>이와 같은 지적 모두 거부</translation>
    </message>
    <message>
      <source>accept all occurrences</source>
      <translation>모든 출현 수락</translation>
    </message>
    <message>
      <source>unknown</source>
      <translation>불명</translation>
    </message>
    <message>
      <source>speaker of a line: {0}</source>
      <translation>대사의 화자: {0}</translation>
    </message>
    <message>
      <source>accept {0} finding</source>
      <translation>지적 {0}개 수락</translation>
    </message>
    <message>
      <source>accept {0} findings</source>
      <translation>지적 {0}개 수락</translation>
    </message>
    <message>
      <source>reject {0} finding</source>
      <translation>지적 {0}개 거부</translation>
    </message>
    <message>
      <source>reject {0} findings</source>
      <translation>지적 {0}개 거부</translation>
    </message>
    <message>
      <source>edit ¶{0}</source>
      <translation>¶{0} 편집</translation>
    </message>
    <message>
      <source>restore revision {0}</source>
      <translation>수정본 {0} 복원</translation>
    </message>
  </context>
  <context>
    <name>ImportPreview</name>
    <message>
      <source>Import review DOCX — {0}</source>
      <translation>검토용 DOCX 가져오기 — {0}</translation>
    </message>
    <message>
      <source>Row</source>
      <translation>행</translation>
    </message>
    <message>
      <source>Now</source>
      <translation>지금</translation>
    </message>
    <message>
      <source>After the import</source>
      <translation>가져온 뒤</translation>
    </message>
    <message>
      <source>Edited targets ({0})</source>
      <translation>고친 번역문 ({0})</translation>
    </message>
    <message>
      <source>Answers as notes ({0})</source>
      <translation>메모가 될 답변 ({0})</translation>
    </message>
    <message>
      <source>Not applied ({0})</source>
      <translation>적용하지 않는 것 ({0})</translation>
    </message>
    <message>
      <source>{0} edited paragraph(s) become one new revision of {1}; {2} answer(s) become notes on their findings. One Undo takes the whole import back.</source>
      <translation>고친 문단 {0}개는 {1}의 새 개정 하나가 되고, 답변 {2}개는 해당 지적의 메모가 됩니다. 실행 취소 한 번으로 가져오기 전체를 되돌립니다.</translation>
    </message>
    <message>
      <source>The file changes nothing.</source>
      <translation>이 파일로 바뀌는 것이 없습니다.</translation>
    </message>
    <message>
      <source>Apply</source>
      <translation>적용</translation>
    </message>
    <message>
      <source>critical</source>
      <translation>치명</translation>
    </message>
    <message>
      <source>major</source>
      <translation>중대</translation>
    </message>
    <message>
      <source>minor</source>
      <translation>경미</translation>
    </message>
    <message>
      <source>neutral</source>
      <translation>중립</translation>
    </message>
    <message>
      <source>the source differs from the project's; their edits are not taken: {0}</source>
      <translation>원문이 프로젝트의 원문과 다릅니다. 이 행들의 수정은 반영하지 않습니다: {0}</translation>
    </message>
    <message>
      <source>no paragraph of the translation has this ID: {0}</source>
      <translation>번역문에 이 ID의 문단이 없습니다: {0}</translation>
    </message>
    <message>
      <source>the ID appears twice; only the first row is read: {0}</source>
      <translation>ID가 두 번 나옵니다. 첫 행만 읽습니다: {0}</translation>
    </message>
    <message>
      <source>no row in the file (left as they are): {0}</source>
      <translation>파일에 행이 없습니다(그대로 둡니다): {0}</translation>
    </message>
    <message>
      <source>edited in LitLens since the export too; the file's edit is not taken: {0}</source>
      <translation>내보낸 뒤 LitLens에서도 고쳤습니다. 파일의 수정은 반영하지 않습니다: {0}</translation>
    </message>
    <message>
      <source>the file empties the target; a paragraph cannot be removed this way: {0}</source>
      <translation>파일에서 번역문이 비었습니다. 이렇게 문단을 지울 수는 없습니다: {0}</translation>
    </message>
    <message>
      <source>row {0}: a reply that names no finding of this row or translation: {1}</source>
      <translation>{0}행: 이 행이나 번역문의 어느 지적에도 해당하지 않는 답변: {1}</translation>
    </message>
  </context>
  <context>
    <name>InlineCodes</name>
    <message>
      <source>You deleted the formatting code(s) {0}; the export puts them back beside the words they belonged to.</source>
      <translation>서식 코드 {0}을(를) 지웠습니다. 내보낼 때 원래 붙어 있던 말 옆에 다시 넣습니다.</translation>
    </message>
  </context>
  <context>
    <name>JudgeOptionValues</name>
    <message>
      <source>13a</source>
      <translation>13a</translation>
    </message>
    <message>
      <source>agent</source>
      <translation>에이전트</translation>
    </message>
    <message>
      <source>alone</source>
      <translation>하나씩</translation>
    </message>
    <message>
      <source>auto</source>
      <translation>자동</translation>
    </message>
    <message>
      <source>best</source>
      <translation>최선 하나</translation>
    </message>
    <message>
      <source>char</source>
      <translation>문자 단위</translation>
    </message>
    <message>
      <source>code</source>
      <translation>코드</translation>
    </message>
    <message>
      <source>combined</source>
      <translation>한 번에 묻기</translation>
    </message>
    <message>
      <source>descriptions</source>
      <translation>설명</translation>
    </message>
    <message>
      <source>flores200</source>
      <translation>flores200(다국어)</translation>
    </message>
    <message>
      <source>gemba</source>
      <translation>GEMBA 목록</translation>
    </message>
    <message>
      <source>intl</source>
      <translation>intl(국제)</translation>
    </message>
    <message>
      <source>ja-mecab</source>
      <translation>ja-mecab(일본어)</translation>
    </message>
    <message>
      <source>ko-mecab</source>
      <translation>ko-mecab(한국어)</translation>
    </message>
    <message>
      <source>literary</source>
      <translation>문학용</translation>
    </message>
    <message>
      <source>model</source>
      <translation>모델</translation>
    </message>
    <message>
      <source>morphemes</source>
      <translation>형태소</translation>
    </message>
    <message>
      <source>names</source>
      <translation>이름</translation>
    </message>
    <message>
      <source>no-reasoning</source>
      <translation>근거 없이</translation>
    </message>
    <message>
      <source>none</source>
      <translation>없음</translation>
    </message>
    <message>
      <source>one-step</source>
      <translation>1단계</translation>
    </message>
    <message>
      <source>original</source>
      <translation>원래 방식</translation>
    </message>
    <message>
      <source>paper</source>
      <translation>논문대로</translation>
    </message>
    <message>
      <source>per-paragraph</source>
      <translation>문단마다</translation>
    </message>
    <message>
      <source>per-question</source>
      <translation>질문마다</translation>
    </message>
    <message>
      <source>prompt</source>
      <translation>프롬프트 단위</translation>
    </message>
    <message>
      <source>ranking</source>
      <translation>순위</translation>
    </message>
    <message>
      <source>sacrebleu</source>
      <translation>sacreBLEU 기본</translation>
    </message>
    <message>
      <source>scores</source>
      <translation>점수로</translation>
    </message>
    <message>
      <source>sentences</source>
      <translation>문장 단위</translation>
    </message>
    <message>
      <source>table8</source>
      <translation>표 8의 정의</translation>
    </message>
    <message>
      <source>together</source>
      <translation>함께 보며</translation>
    </message>
    <message>
      <source>text</source>
      <translation>글 단위</translation>
    </message>
    <message>
      <source>three-step</source>
      <translation>3단계</translation>
    </message>
    <message>
      <source>two-step</source>
      <translation>2단계</translation>
    </message>
    <message>
      <source>uniformity</source>
      <translation>통일성</translation>
    </message>
    <message>
      <source>zh</source>
      <translation>zh(중국어)</translation>
    </message>
  </context>
  <context>
    <name>JudgeOptions</name>
    <message>
      <source>all orders</source>
      <translation>모든 순서</translation>
    </message>
    <message>
      <source>answer mode</source>
      <translation>답변 방식</translation>
    </message>
    <message>
      <source>chunk tokens</source>
      <translation>청크 토큰 수</translation>
    </message>
    <message>
      <source>classify with</source>
      <translation>분류 방법</translation>
    </message>
    <message>
      <source>guidelines</source>
      <translation>지침</translation>
    </message>
    <message>
      <source>honorifics default</source>
      <translation>높임법 기본값</translation>
    </message>
    <message>
      <source>human</source>
      <translation>사람 번역</translation>
    </message>
    <message>
      <source>ledger context</source>
      <translation>높임 장부 맥락</translation>
    </message>
    <message>
      <source>lowercase</source>
      <translation>소문자로</translation>
    </message>
    <message>
      <source>max questions</source>
      <translation>최대 질문 수</translation>
    </message>
    <message>
      <source>method</source>
      <translation>방법</translation>
    </message>
    <message>
      <source>min questions</source>
      <translation>최소 질문 수</translation>
    </message>
    <message>
      <source>orders</source>
      <translation>순서 수</translation>
    </message>
    <message>
      <source>poetry</source>
      <translation>시</translation>
    </message>
    <message>
      <source>protocol</source>
      <translation>프로토콜</translation>
    </message>
    <message>
      <source>rationale</source>
      <translation>근거</translation>
    </message>
    <message>
      <source>scores</source>
      <translation>점수</translation>
    </message>
    <message>
      <source>seed</source>
      <translation>시드</translation>
    </message>
    <message>
      <source>spacy model</source>
      <translation>spaCy 모델</translation>
    </message>
    <message>
      <source>spans</source>
      <translation>구간</translation>
    </message>
    <message>
      <source>summary words</source>
      <translation>요약 단어 수</translation>
    </message>
    <message>
      <source>termbase</source>
      <translation>용어집</translation>
    </message>
    <message>
      <source>tokenizer</source>
      <translation>토크나이저</translation>
    </message>
    <message>
      <source>use reference</source>
      <translation>참조 번역 사용</translation>
    </message>
    <message>
      <source>variant</source>
      <translation>변형</translation>
    </message>
    <message>
      <source>weights</source>
      <translation>가중치</translation>
    </message>
    <message>
      <source>word order</source>
      <translation>어순</translation>
    </message>
    <message>
      <source>categories</source>
      <translation>범주 목록</translation>
    </message>
    <message>
      <source>chunking</source>
      <translation>나누는 방식</translation>
    </message>
    <message>
      <source>examples</source>
      <translation>예시 포함</translation>
    </message>
    <message>
      <source>interleave</source>
      <translation>묶는 방식</translation>
    </message>
    <message>
      <source>ter asian support</source>
      <translation>TER 한중일 문자 분리</translation>
    </message>
    <message>
      <source>ter case sensitive</source>
      <translation>TER 대소문자 구분</translation>
    </message>
    <message>
      <source>terminology</source>
      <translation>용어 점수</translation>
    </message>
    <message>
      <source>verdict</source>
      <translation>판정</translation>
    </message>
    <message>
      <source>candidates</source>
      <translation>번역 보기</translation>
    </message>
  </context>
  <context>
    <name>JudgePanel</name>
    <message>
      <source>{0} unit</source>
      <translation>작업 {0}개</translation>
    </message>
    <message>
      <source>{0} units</source>
      <translation>작업 {0}개</translation>
    </message>
    <message>
      <source>offline, no cost</source>
      <translation>오프라인, 비용 없음</translation>
    </message>
    <message>
      <source>{0} LLM call</source>
      <translation>LLM 호출 {0}회</translation>
    </message>
    <message>
      <source>{0} LLM calls</source>
      <translation>LLM 호출 {0}회</translation>
    </message>
    <message>
      <source>Estimate</source>
      <translation>예상 비용</translation>
    </message>
    <message>
      <source>Judges</source>
      <translation>평가기</translation>
    </message>
    <message>
      <source>Protocol of {0}</source>
      <translation>{0}의 프로토콜</translation>
    </message>
    <message>
      <source>No judges are installed.</source>
      <translation>설치된 평가기가 없습니다.</translation>
    </message>
    <message>
      <source>⚠ {0} installed judge could not be loaded</source>
      <translation>⚠ 설치된 평가기 {0}개를 불러오지 못했습니다</translation>
    </message>
    <message>
      <source>⚠ {0} installed judges could not be loaded</source>
      <translation>⚠ 설치된 평가기 {0}개를 불러오지 못했습니다</translation>
    </message>
    <message>
      <source>LLM judges need a provider.</source>
      <translation>LLM 평가기에는 제공자가 필요합니다.</translation>
    </message>
    <message>
      <source>Provider</source>
      <translation>제공자</translation>
    </message>
    <message>
      <source>model name</source>
      <translation>모델 이름</translation>
    </message>
    <message>
      <source>the provider's own address</source>
      <translation>제공자 기본 주소</translation>
    </message>
    <message>
      <source>Leave empty for OpenAI and Anthropic; an OpenAI-compatible server needs its address, e.g. http://localhost:11434/v1</source>
      <translation>OpenAI와 Anthropic은 비워 두세요. OpenAI 호환 서버는 주소가 필요합니다(예: http://localhost:11434/v1).</translation>
    </message>
    <message>
      <source>no limit</source>
      <translation>제한 없음</translation>
    </message>
    <message>
      <source>The run stops before it would spend more than this</source>
      <translation>이 금액을 넘기기 전에 실행을 멈춥니다</translation>
    </message>
    <message>
      <source>Model</source>
      <translation>모델</translation>
    </message>
    <message>
      <source>Base URL</source>
      <translation>기본 URL</translation>
    </message>
    <message>
      <source>Budget</source>
      <translation>예산</translation>
    </message>
    <message>
      <source>Run</source>
      <translation>실행</translation>
    </message>
    <message>
      <source>Run the ticked judges (Ctrl+R)</source>
      <translation>선택한 평가기 실행(Ctrl+R)</translation>
    </message>
    <message>
      <source>Cancel</source>
      <translation>취소</translation>
    </message>
    <message>
      <source>Open Settings › Providers…</source>
      <translation>설정 › 제공자 열기…</translation>
    </message>
    <message>
      <source>choose a .gguf file in Settings</source>
      <translation>설정에서 .gguf 파일을 고르세요</translation>
    </message>
    <message>
      <source>No model file chosen yet (File › Settings › Providers)</source>
      <translation>아직 모델 파일을 고르지 않았습니다 (파일 › 설정 › 제공자)</translation>
    </message>
    <message>
      <source>needs an LLM provider: choose one under Provider</source>
      <translation>LLM 제공자가 필요합니다: 제공자에서 고르세요</translation>
    </message>
    <message>
      <source>none (offline)</source>
      <translation>없음 (오프라인)</translation>
    </message>
    <message>
      <source>OpenAI-compatible server</source>
      <translation>OpenAI 호환 서버</translation>
    </message>
    <message>
      <source>Local model (GGUF)</source>
      <translation>로컬 모델 (GGUF)</translation>
    </message>
    <message>
      <source>This judge does not say which paper it follows.</source>
      <translation>이 평가기는 어떤 논문을 따르는지 밝히지 않습니다.</translation>
    </message>
    <message>
      <source>Prompt version: {0}</source>
      <translation>프롬프트 버전: {0}</translation>
    </message>
    <message>
      <source>{0} already stored (reused, free)</source>
      <translation>{0}개는 이미 저장됨 (다시 쓰며 무료)</translation>
    </message>
    <message>
      <source>nothing new to run: {0} already stored (reused, free)</source>
      <translation>새로 실행할 것 없음: {0}개 모두 이미 저장됨 (다시 쓰며 무료)</translation>
    </message>
    <message>
      <source>~{0} in / {1} out tokens</source>
      <translation>입력 약 {0} / 출력 {1} 토큰</translation>
    </message>
    <message>
      <source>price of {0} unknown</source>
      <translation>{0} 가격 모름</translation>
    </message>
  </context>
  <context>
    <name>Judges</name>
    <message>
      <source>Reference metrics (BLEU, chrF, TER)</source>
      <translation>참조 지표 (BLEU, chrF, TER)</translation>
    </message>
    <message>
      <source>BLEU, chrF and TER with sacreBLEU against the reference translation, per paragraph and for the whole text. Needs a reference; no LLM, offline.</source>
      <translation>참조 번역과 비교해 sacreBLEU로 BLEU, chrF, TER를 문단별과 전체 텍스트에 대해 계산합니다. 참조 번역이 필요하며 LLM 없이 오프라인으로 동작합니다.</translation>
    </message>
    <message>
      <source>BWS (best and worst of all candidates)</source>
      <translation>BWS (모든 후보 중 최선과 최악)</translation>
    </message>
    <message>
      <source>Shows all translations of a passage (blind, under letters) and asks for the best and the worst, in several candidate orders to expose position bias (seed 002).</source>
      <translation>한 대목의 번역을 모두(이름을 가리고 글자로만) 보여 주고 가장 나은 것과 가장 못한 것을 고르게 합니다. 후보 순서를 여러 번 바꿔 물어 위치 편향을 드러냅니다(seed 002).</translation>
    </message>
    <message>
      <source>Consistency checks</source>
      <translation>일관성 검사</translation>
    </message>
    <message>
      <source>Finds names rendered differently across a translation (Korean spellings compared jamo by jamo), numbers that differ from the source, untranslated passages, doubled words, unpaired quotes and brackets, and paragraphs whose length suggests an omission or addition. No LLM needed.</source>
      <translation>번역 안에서 다르게 옮긴 이름(한글 표기는 자모 단위로 비교), 원문과 다른 숫자, 번역되지 않은 대목, 겹쳐 쓴 낱말, 짝이 맞지 않는 따옴표와 괄호, 길이로 보아 누락이나 첨가가 의심되는 문단을 찾습니다. LLM이 필요 없습니다.</translation>
    </message>
    <message>
      <source>DA-MQM (4 criteria, 1–5)</source>
      <translation>DA-MQM (4개 기준, 1–5점)</translation>
    </message>
    <message>
      <source>Scores each paragraph 1–5 on Lexical Choice, Honorifics, Syntax &amp; Grammar and Content Accuracy against the paper's rubric, one criterion per call (seed 000, step 1).</source>
      <translation>논문의 채점 기준에 따라 각 문단을 어휘 선택, 높임법, 구문과 문법, 내용 정확성에서 1–5점으로 매깁니다. 호출 한 번에 기준 하나씩입니다(seed 000, 1단계).</translation>
    </message>
    <message>
      <source>GEMBA-MQM (error spans, original or literary prompt)</source>
      <translation>GEMBA-MQM (오류 구간, 원래 프롬프트 또는 문학 프롬프트)</translation>
    </message>
    <message>
      <source>Marks error spans with MQM categories (seed 002, Table 8) and severities, with the original GEMBA-MQM prompt or the literary-critic variant; scores each paragraph by the paper's per-sentence formula and by GEMBA's capped convention.</source>
      <translation>원래 GEMBA-MQM 프롬프트나 문학 비평가 변형 프롬프트로 오류 구간에 MQM 범주(seed 002, 표 8)와 심각도를 표시하고, 논문의 문장별 공식과 GEMBA의 상한 방식으로 각 문단에 점수를 매깁니다.</translation>
    </message>
    <message>
      <source>Korean honorifics</source>
      <translation>한국어 높임법</translation>
    </message>
    <message>
      <source>Reads the speech level of every Korean sentence (하십시오체, 해요체, 하오체, 하게체, 해라체, 해체) and flags speeches that mix levels, speakers who change level toward the same listener, and narration that drifts. No LLM needed.</source>
      <translation>한국어 문장마다 말 단계(하십시오체, 해요체, 하오체, 하게체, 해라체, 해체)를 읽고, 한 발화 안에서 단계가 섞이거나 같은 청자에게 말 단계가 바뀌거나 서술이 흔들리는 곳을 표시합니다. LLM이 필요 없습니다.</translation>
    </message>
    <message>
      <source>Literalness and lexical diversity</source>
      <translation>직역 정도와 어휘 다양성</translation>
    </message>
    <message>
      <source>Mean lexical overlap (BLEU) of each translation with every other one — lower means a more diverse vocabulary — and, where parsers are installed, syntactic similarity to the source (seed 002). Offline; needs two or more candidates.</source>
      <translation>각 번역이 다른 번역들과 어휘가 겹치는 평균 정도(BLEU, 낮을수록 어휘가 다양함)와, 구문 분석기가 설치되어 있으면 원문과의 구문 유사도를 계산합니다(seed 002). 오프라인으로 동작하며 후보가 둘 이상 필요합니다.</translation>
    </message>
    <message>
      <source>MAS-LitEval (terminology, narrative, style → OTQS)</source>
      <translation>MAS-LitEval (용어, 서술, 문체 → OTQS)</translation>
    </message>
    <message>
      <source>Three agents read the whole text in 4,096-token chunks, carrying what they learnt from chunk to chunk: terminology consistency, narrative perspective and stylistic fidelity scored 0–1 per chunk (length-weighted mean), with our index of how uniformly each key term is rendered beside T; a coordinator combines them into OTQS = 0.3·T + 0.3·N + 0.4·S and writes a report (seed 003).</source>
      <translation>세 에이전트가 전체 텍스트를 4,096토큰 단위로 읽으며 앞 단위에서 알게 된 것을 다음 단위로 넘깁니다. 용어 일관성, 서술 시점, 문체 충실도를 단위마다 0–1점(길이 가중 평균)으로 매기고, 주요 용어를 얼마나 한결같이 옮겼는지를 나타내는 우리 지표를 T 옆에 함께 보여 줍니다. 조정자가 이를 OTQS = 0.3·T + 0.3·N + 0.4·S로 합치고 보고서를 씁니다(seed 003).</translation>
    </message>
    <message>
      <source>Korean spelling and spacing</source>
      <translation>한국어 맞춤법·띄어쓰기</translation>
    </message>
    <message>
      <source>Flags Korean misspellings (되/돼, 안/않, 로서/로써, 몇일, 금새…) and spacing errors (할수, 세마리, 편지 를…) in Korean translations, each with its correction, ready to apply. Offline, no LLM; tuned to stay quiet on dialect, onomatopoeia and names.</source>
      <translation>한국어 번역문의 맞춤법 오류(되/돼, 안/않, 로서/로써, 몇일, 금새…)와 띄어쓰기 오류(할수, 세마리, 편지 를…)를 고칠 말과 함께 찾아 주며, 바로 적용할 수 있습니다. LLM 없이 오프라인으로 동작하며, 방언·의성어·고유 명사에는 지적을 아끼도록 맞춰 두었습니다.</translation>
    </message>
    <message>
      <source>Speakers (LLM)</source>
      <translation>화자(LLM)</translation>
    </message>
    <message>
      <source>Asks the model who says each line of dialogue in a Korean translation and to whom, one scene at a time; names the text does not contain are refused. The ledger can show this reading instead of the offline one.</source>
      <translation>한국어 번역의 대사마다 누가 누구에게 하는 말인지 장면 단위로 모델에게 묻습니다. 본문에 없는 이름은 받아들이지 않습니다. 관계 장부는 오프라인 판독 대신 이 판독을 보여 줄 수 있습니다.</translation>
    </message>
    <message>
      <source>SQM (overall quality, 0–6)</source>
      <translation>SQM (전체 품질, 0–6점)</translation>
    </message>
    <message>
      <source>Rates each paragraph of each translation 0–6 for overall quality, especially style and artistry relative to the source, with a short rationale (seed 002).</source>
      <translation>각 번역의 문단마다 전체 품질, 특히 원문에 비춘 문체와 예술성을 0–6점으로 평가하고 짧은 근거를 붙입니다(seed 002).</translation>
    </message>
    <message>
      <source>TransEvalnia (evaluate, score 1–5, rank)</source>
      <translation>TransEvalnia (평가, 1–5점, 순위)</translation>
    </message>
    <message>
      <source>Evaluates each candidate span by span on six dimensions, scores them 1–5, and ranks the candidates in one, two or three steps (or without reasoning), over several presentation orders to expose position bias (seed 004).</source>
      <translation>각 후보를 구간별로 여섯 가지 차원에서 평가해 1–5점을 매기고, 한 단계·두 단계·세 단계로(또는 추론 없이) 순위를 정합니다. 제시 순서를 여러 번 바꿔 위치 편향을 드러냅니다(seed 004).</translation>
    </message>
    <message>
      <source>VERSE (story-specific questions, 1–3)</source>
      <translation>VERSE (작품별 질문, 1–3점)</translation>
    </message>
    <message>
      <source>Writes verification questions for each source paragraph from the source and a story summary, sorts them into nine literary categories, and scores every translation 1–3 on each question; reports per-category percentages (seed 000, step 2).</source>
      <translation>원문과 줄거리 요약을 바탕으로 원문 문단마다 검증 질문을 만들어 아홉 가지 문학 범주로 나누고, 질문마다 모든 번역을 1–3점으로 채점해 범주별 백분율을 보고합니다(seed 000, 2단계).</translation>
    </message>
    <message>
      <source>Accuracy</source>
      <translation>정확성</translation>
    </message>
    <message>
      <source>Fluency</source>
      <translation>유창성</translation>
    </message>
    <message>
      <source>Style</source>
      <translation>문체</translation>
    </message>
    <message>
      <source>Terminology</source>
      <translation>용어</translation>
    </message>
    <message>
      <source>Locale convention</source>
      <translation>지역 관례</translation>
    </message>
    <message>
      <source>Other</source>
      <translation>기타</translation>
    </message>
    <message>
      <source>Non-translation</source>
      <translation>번역 안 됨</translation>
    </message>
    <message>
      <source>you</source>
      <translation>나</translation>
    </message>
    <message>
      <source>cannot check this project: {0}</source>
      <translation>이 프로젝트를 확인할 수 없습니다: {0}</translation>
    </message>
    <message>
      <source>Needs a reference translation (New project › Reference).</source>
      <translation>참조 번역이 필요합니다 (새 프로젝트 › 참조 번역).</translation>
    </message>
    <message>
      <source>Needs at least two translations to compare.</source>
      <translation>비교하려면 번역이 둘 이상 필요합니다.</translation>
    </message>
  </context>
  <context>
    <name>LanguageNotice</name>
    <message>
      <source>Hide this notice</source>
      <translation>이 알림 숨기기</translation>
    </message>
    <message>
      <source> (and {0} more)</source>
      <translation> (외 {0}건)</translation>
    </message>
    <message>
      <source>Judges are told each text's language; told the wrong one, they judge against it. The language comes from the file (XLIFF and TMX headers), from New project's Languages (or --source-lang/--target-lang on the command line), or else from the text's own words.</source>
      <translation>평가기는 각 텍스트의 언어를 전달받으며, 잘못된 언어를 받으면 그 언어를 기준으로 평가합니다. 언어는 파일(XLIFF와 TMX 머리글)이나 새 프로젝트의 '언어'(명령줄에서는 --source-lang/--target-lang)에서 정해지고, 그렇지 않으면 텍스트의 낱말로 알아냅니다.</translation>
    </message>
  </context>
  <context>
    <name>LearningView</name>
    <message>
      <source>Learn the categories</source>
      <translation>범주 배우기</translation>
    </message>
    <message>
      <source>Whose exercise mistakes are shown as examples</source>
      <translation>연습 문제 실수를 예시로 보여 줄 학생</translation>
    </message>
    <message>
      <source>Mistakes of:</source>
      <translation>실수 보기:</translation>
    </message>
    <message>
      <source>MQM error categories</source>
      <translation>MQM 오류 범주</translation>
    </message>
    <message>
      <source>MQM severities</source>
      <translation>MQM 심각도</translation>
    </message>
    <message>
      <source>VERSE question categories</source>
      <translation>VERSE 질문 범주</translation>
    </message>
    <message>
      <source>Korean speech levels</source>
      <translation>한국어 높임 등급</translation>
    </message>
    <message>
      <source>Choose an entry on the left.</source>
      <translation>왼쪽에서 항목을 고르세요.</translation>
    </message>
    <message>
      <source>Your examples</source>
      <translation>내 예시</translation>
    </message>
    <message>
      <source>None yet. Findings you accept, correct or add while reviewing appear here.</source>
      <translation>아직 없습니다. 검토하면서 수락·수정·추가한 지적이 여기에 나타납니다.</translation>
    </message>
    <message>
      <source>Your mistakes in exercises</source>
      <translation>연습 문제에서 한 내 실수</translation>
    </message>
    <message>
      <source>No graded exercises yet. Open an exercise (File › Open exercise), enter your name and submit: what you miss or name wrongly appears here as your own examples.</source>
      <translation>아직 채점한 연습 문제가 없습니다. 연습 문제를 열고(파일 › 연습 문제 열기) 이름을 입력해 제출하면, 놓치거나 잘못 이름 붙인 것이 여기에 나만의 예시로 나옵니다.</translation>
    </message>
    <message>
      <source>No mistakes of {0} here: nothing missed, named wrongly or marked without an error in this category so far.</source>
      <translation>이 범주에서는 {0}의 실수가 없습니다. 지금까지 놓치거나 잘못 이름 붙이거나 오류가 없는 곳에 표시한 것이 없습니다.</translation>
    </message>
    <message>
      <source>({0} times)</source>
      <translation>({0}번)</translation>
    </message>
    <message>
      <source>key: {0} ({1})</source>
      <translation>정답: {0} ({1})</translation>
    </message>
    <message>
      <source>you: {0} ({1})</source>
      <translation>내 답: {0} ({1})</translation>
    </message>
  </context>
  <context>
    <name>LedgerView</name>
    <message>
      <source>No relationship ledger yet: run the Korean honorifics judge on a translation with dialogue.</source>
      <translation>아직 관계 장부가 없습니다. 대화가 있는 번역에 한국어 높임법 평가기를 실행하세요.</translation>
    </message>
    <message>
      <source>Offline rules</source>
      <translation>오프라인 규칙</translation>
    </message>
    <message>
      <source>LLM reading</source>
      <translation>LLM 판독</translation>
    </message>
    <message>
      <source>Whose reading of who speaks each line the ledger shows; your corrections are shown over either</source>
      <translation>장부에 보일 화자 판독을 고릅니다. 직접 고친 화자는 어느 쪽에서든 우선합니다</translation>
    </message>
    <message>
      <source>Compare with</source>
      <translation>비교 대상</translation>
    </message>
    <message>
      <source>Speakers: the LLM's reading</source>
      <translation>화자: LLM 판독</translation>
    </message>
    <message>
      <source>Speakers: the offline rules</source>
      <translation>화자: 오프라인 규칙</translation>
    </message>
    <message>
      <source>{0} set by you</source>
      <translation>직접 지정 {0}</translation>
    </message>
  </context>
  <context>
    <name>LevelTimeline</name>
    <message>
      <source>turn</source>
      <translation>발화</translation>
    </message>
  </context>
  <context>
    <name>LocalModelBox</name>
    <message>
      <source>a .gguf model file</source>
      <translation>.gguf 모델 파일</translation>
    </message>
    <message>
      <source>Choose…</source>
      <translation>고르기…</translation>
    </message>
    <message>
      <source>Tokens the model sees at once: prompt plus answer</source>
      <translation>모델이 한 번에 보는 토큰 수: 프롬프트와 답변을 합친 값</translation>
    </message>
    <message>
      <source>auto</source>
      <translation>자동</translation>
    </message>
    <message>
      <source>all</source>
      <translation>모두</translation>
    </message>
    <message>
      <source>Layers offloaded to a GPU: 0 runs on the CPU only</source>
      <translation>GPU로 옮길 층 수: 0이면 CPU만 씁니다</translation>
    </message>
    <message>
      <source>Model file</source>
      <translation>모델 파일</translation>
    </message>
    <message>
      <source>Context size</source>
      <translation>문맥 크기</translation>
    </message>
    <message>
      <source>Threads</source>
      <translation>스레드</translation>
    </message>
    <message>
      <source>GPU layers</source>
      <translation>GPU 층</translation>
    </message>
    <message>
      <source>Runs on this computer: nothing is sent anywhere, no key is needed and requests run one at a time.</source>
      <translation>이 컴퓨터에서 실행됩니다. 아무것도 밖으로 보내지 않고 키도 필요 없으며 요청은 하나씩 처리됩니다.</translation>
    </message>
    <message>
      <source>Local model</source>
      <translation>로컬 모델</translation>
    </message>
    <message>
      <source>GGUF models (*.gguf);;All files (*)</source>
      <translation>GGUF 모델 (*.gguf);;모든 파일 (*)</translation>
    </message>
    <message>
      <source>The local provider needs llama-cpp-python, which is not installed. Install it with: {0}</source>
      <translation>로컬 제공자에는 llama-cpp-python이 필요한데 설치되어 있지 않습니다. 다음으로 설치하세요: {0}</translation>
    </message>
    <message>
      <source>GGUF model “{0}”.</source>
      <translation>GGUF 모델 “{0}”.</translation>
    </message>
    <message>
      <source>Choose a GGUF model file to judge offline.</source>
      <translation>오프라인으로 평가하려면 GGUF 모델 파일을 고르세요.</translation>
    </message>
  </context>
  <context>
    <name>MainWindow</name>
    <message>
      <source>Judges and provider</source>
      <translation>평가기와 제공자</translation>
    </message>
    <message>
      <source>Apply “{0}” (P)</source>
      <translation>“{0}” 적용 (P)</translation>
    </message>
    <message>
      <source>This finding has no correction that can be applied.</source>
      <translation>이 지적에는 적용할 수 있는 수정안이 없습니다.</translation>
    </message>
    <message>
      <source>The sample could not be opened</source>
      <translation>예제를 열 수 없습니다</translation>
    </message>
    <message>
      <source>These files could not be opened</source>
      <translation>이 파일들을 열 수 없습니다</translation>
    </message>
    <message>
      <source>These chapter folders could not be opened</source>
      <translation>이 장별 폴더를 열 수 없습니다</translation>
    </message>
    <message>
      <source>Folder of the source's chapter files</source>
      <translation>원문 장 파일이 든 폴더</translation>
    </message>
    <message>
      <source>Folder of the translation's chapter files</source>
      <translation>번역문 장 파일이 든 폴더</translation>
    </message>
    <message>
      <source>The project could not be opened</source>
      <translation>프로젝트를 열 수 없습니다</translation>
    </message>
    <message>
      <source>Opening…</source>
      <translation>여는 중…</translation>
    </message>
    <message>
      <source>Ready</source>
      <translation>준비</translation>
    </message>
    <message>
      <source>(none yet)</source>
      <translation>(아직 없음)</translation>
    </message>
    <message>
      <source>&amp;File</source>
      <translation>파일(&amp;F)</translation>
    </message>
    <message>
      <source>&amp;New project…</source>
      <translation>새 프로젝트(&amp;N)…</translation>
    </message>
    <message>
      <source>&amp;Open source and translation…</source>
      <translation>원문과 번역 열기(&amp;O)…</translation>
    </message>
    <message>
      <source>Open &amp;sample</source>
      <translation>예제 열기(&amp;S)</translation>
    </message>
    <message>
      <source>Open &amp;chapter folders…</source>
      <translation>장별 폴더 열기(&amp;C)…</translation>
    </message>
    <message>
      <source>&amp;Recent projects</source>
      <translation>최근 프로젝트(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Settings…</source>
      <translation>설정(&amp;S)…</translation>
    </message>
    <message>
      <source>&amp;Quit</source>
      <translation>끝내기(&amp;Q)</translation>
    </message>
    <message>
      <source>&amp;Export…</source>
      <translation>내보내기(&amp;E)…</translation>
    </message>
    <message>
      <source>Export review &amp;DOCX…</source>
      <translation>검토용 DOCX 내보내기(&amp;D)…</translation>
    </message>
    <message>
      <source>&amp;Import review DOCX…</source>
      <translation>검토용 DOCX 가져오기(&amp;I)…</translation>
    </message>
    <message>
      <source>&amp;Edit</source>
      <translation>편집(&amp;E)</translation>
    </message>
    <message>
      <source>&amp;Undo</source>
      <translation>실행 취소(&amp;U)</translation>
    </message>
    <message>
      <source>&amp;Redo</source>
      <translation>다시 실행(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Find and replace…</source>
      <translation>찾아 바꾸기(&amp;F)…</translation>
    </message>
    <message>
      <source>&amp;Concordance of the selection</source>
      <translation>선택한 말의 용례 보기(&amp;C)</translation>
    </message>
    <message>
      <source>&amp;Undo {0}</source>
      <translation>실행 취소: {0}(&amp;U)</translation>
    </message>
    <message>
      <source>&amp;Redo {0}</source>
      <translation>다시 실행: {0}(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Run</source>
      <translation>실행(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Run the ticked judges</source>
      <translation>선택한 평가기 실행(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Cancel the run</source>
      <translation>실행 취소(&amp;C)</translation>
    </message>
    <message>
      <source>Run</source>
      <translation>실행</translation>
    </message>
    <message>
      <source>Settings…</source>
      <translation>설정…</translation>
    </message>
    <message>
      <source>Providers, keys, budget, language and theme</source>
      <translation>제공자, API 키, 예산, 언어와 테마</translation>
    </message>
    <message>
      <source>Re&amp;view</source>
      <translation>검토(&amp;V)</translation>
    </message>
    <message>
      <source>&amp;Next finding</source>
      <translation>다음 지적(&amp;N)</translation>
    </message>
    <message>
      <source>&amp;Previous finding</source>
      <translation>이전 지적(&amp;P)</translation>
    </message>
    <message>
      <source>&amp;Accept finding</source>
      <translation>지적 수락(&amp;A)</translation>
    </message>
    <message>
      <source>&amp;Reject finding</source>
      <translation>지적 거부(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Correct finding…</source>
      <translation>지적 수정(&amp;C)…</translation>
    </message>
    <message>
      <source>A&amp;dd finding from selected text…</source>
      <translation>선택한 글에 지적 추가(&amp;D)…</translation>
    </message>
    <message>
      <source>&amp;Undo decision</source>
      <translation>결정 취소(&amp;U)</translation>
    </message>
    <message>
      <source>A&amp;pply the suggested correction</source>
      <translation>제안된 수정 적용(&amp;P)</translation>
    </message>
    <message>
      <source>Reject all &amp;like this</source>
      <translation>이와 같은 것 모두 거부(&amp;L)</translation>
    </message>
    <message>
      <source>Accept all occurrences of this &amp;term</source>
      <translation>이 용어의 모든 경우 수락(&amp;T)</translation>
    </message>
    <message>
      <source>Compare the judges with people's error spans…</source>
      <translation>평가기를 사람이 표시한 오류 구간과 비교…</translation>
    </message>
    <message>
      <source>&amp;View</source>
      <translation>보기(&amp;V)</translation>
    </message>
    <message>
      <source>&amp;Light palette</source>
      <translation>밝은 테마(&amp;L)</translation>
    </message>
    <message>
      <source>&amp;Dark palette</source>
      <translation>어두운 테마(&amp;D)</translation>
    </message>
    <message>
      <source>Speech-level &amp;badges</source>
      <translation>높임 등급 배지(&amp;B)</translation>
    </message>
    <message>
      <source>&amp;Help</source>
      <translation>도움말(&amp;H)</translation>
    </message>
    <message>
      <source>&amp;Learn the categories</source>
      <translation>범주 배우기(&amp;L)</translation>
    </message>
    <message>
      <source>&amp;Keyboard shortcuts</source>
      <translation>단축키 목록(&amp;K)</translation>
    </message>
    <message>
      <source>&amp;About LitLens</source>
      <translation>LitLens 정보(&amp;A)</translation>
    </message>
    <message>
      <source>Using the built-in prompts: {0}</source>
      <translation>내장 프롬프트를 씁니다: {0}</translation>
    </message>
    <message>
      <source>Re&amp;visions of this translation…</source>
      <translation>이 번역의 수정본(&amp;V)…</translation>
    </message>
    <message>
      <source>Keyboard shortcuts</source>
      <translation>단축키 목록</translation>
    </message>
    <message>
      <source>Action</source>
      <translation>동작</translation>
    </message>
    <message>
      <source>Keys</source>
      <translation>키</translation>
    </message>
    <message>
      <source>&lt;h3&gt;LitLens {0}&lt;/h3&gt;&lt;p&gt;Reviews literary translations: error spans, honorifics, scores, radars and rankings from LLM judges and offline analysers, kept in a local database.&lt;/p&gt;</source>
      <translation>&lt;h3&gt;LitLens {0}&lt;/h3&gt;&lt;p&gt;문학 번역을 검토합니다. LLM 평가기와 오프라인 분석기가 찾은 오류 구간, 높임법, 점수, 레이더 차트, 순위를 로컬 데이터베이스에 보관합니다.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>About LitLens</source>
      <translation>LitLens 정보</translation>
    </message>
  </context>
  <context>
    <name>MakeExerciseDialog</name>
    <message>
      <source>New exercise from project</source>
      <translation>프로젝트로 연습 문제 만들기</translation>
    </message>
    <message>
      <source>Findings I accepted, corrected or added</source>
      <translation>내가 수락·수정·추가한 지적</translation>
    </message>
    <message>
      <source>Findings two or more judges agree on (self-study)</source>
      <translation>평가기 둘 이상이 일치한 지적 (자습용)</translation>
    </message>
    <message>
      <source>Words</source>
      <translation>말</translation>
    </message>
    <message>
      <source>Category</source>
      <translation>범주</translation>
    </message>
    <message>
      <source>Severity</source>
      <translation>심각도</translation>
    </message>
    <message>
      <source>Why</source>
      <translation>까닭</translation>
    </message>
    <message>
      <source>What the students should do (optional)</source>
      <translation>학생이 할 일 (선택)</translation>
    </message>
    <message>
      <source>Export…</source>
      <translation>내보내기…</translation>
    </message>
    <message>
      <source>Translation</source>
      <translation>번역</translation>
    </message>
    <message>
      <source>Paragraphs</source>
      <translation>문단</translation>
    </message>
    <message>
      <source>Answer key</source>
      <translation>정답</translation>
    </message>
    <message>
      <source>Key (untick to leave out)</source>
      <translation>정답 (빼려면 선택 해제)</translation>
    </message>
    <message>
      <source>Title</source>
      <translation>제목</translation>
    </message>
    <message>
      <source>Author</source>
      <translation>만든 이</translation>
    </message>
    <message>
      <source>Instructions</source>
      <translation>안내</translation>
    </message>
    <message>
      <source>Tick the paragraphs the exercise should contain.</source>
      <translation>연습 문제에 넣을 문단을 선택하세요.</translation>
    </message>
    <message>
      <source>No findings for the key in these paragraphs: review some first (accept, correct or add), or use the judges' agreement.</source>
      <translation>이 문단들에는 정답으로 쓸 지적이 없습니다. 먼저 검토하거나(수락·수정·추가) 평가기 일치를 쓰세요.</translation>
    </message>
    <message>
      <source>{0} finding in the key.</source>
      <translation>정답의 지적 {0}개.</translation>
    </message>
    <message>
      <source>{0} findings in the key.</source>
      <translation>정답의 지적 {0}개.</translation>
    </message>
    <message>
      <source>Export the exercise</source>
      <translation>연습 문제 내보내기</translation>
    </message>
    <message>
      <source>LitLens exercises (*{0})</source>
      <translation>LitLens 연습 문제 (*{0})</translation>
    </message>
    <message>
      <source>The exercise could not be exported</source>
      <translation>연습 문제를 내보낼 수 없습니다</translation>
    </message>
    <message>
      <source>critical</source>
      <translation>치명</translation>
    </message>
    <message>
      <source>major</source>
      <translation>중대</translation>
    </message>
    <message>
      <source>minor</source>
      <translation>경미</translation>
    </message>
    <message>
      <source>neutral</source>
      <translation>중립</translation>
    </message>
  </context>
  <context>
    <name>NewProjectDialog</name>
    <message>
      <source>New project</source>
      <translation>새 프로젝트</translation>
    </message>
    <message>
      <source>from the source file's name</source>
      <translation>원문 파일 이름에서</translation>
    </message>
    <message>
      <source>optional: a published or human translation</source>
      <translation>선택: 출판된 번역이나 사람의 번역</translation>
    </message>
    <message>
      <source>Label</source>
      <translation>이름표</translation>
    </message>
    <message>
      <source>File</source>
      <translation>파일</translation>
    </message>
    <message>
      <source>Detect from the text</source>
      <translation>텍스트에서 알아내기</translation>
    </message>
    <message>
      <source>The language of the source text</source>
      <translation>원문의 언어</translation>
    </message>
    <message>
      <source>The language of the translations (and the reference)</source>
      <translation>번역문(과 참조 번역)의 언어</translation>
    </message>
    <message>
      <source>Add…</source>
      <translation>추가…</translation>
    </message>
    <message>
      <source>Remove</source>
      <translation>빼기</translation>
    </message>
    <message>
      <source>Tip: drop files here. The first becomes the source, the others translations. Click a label to rename the translation; the label is shown everywhere.</source>
      <translation>팁: 파일을 여기에 끌어다 놓으세요. 첫 파일은 원문, 나머지는 번역이 됩니다. 이름표를 눌러 번역의 이름을 바꾸면 어디서나 그 이름으로 표시됩니다.</translation>
    </message>
    <message>
      <source>Open</source>
      <translation>열기</translation>
    </message>
    <message>
      <source>Name</source>
      <translation>이름</translation>
    </message>
    <message>
      <source>Source</source>
      <translation>원문</translation>
    </message>
    <message>
      <source>Translations</source>
      <translation>번역</translation>
    </message>
    <message>
      <source>Reference</source>
      <translation>참조 번역</translation>
    </message>
    <message>
      <source>Languages</source>
      <translation>언어</translation>
    </message>
    <message>
      <source>Choose…</source>
      <translation>고르기…</translation>
    </message>
    <message>
      <source>a name for this translation</source>
      <translation>이 번역의 이름</translation>
    </message>
    <message>
      <source>Label of {0}</source>
      <translation>{0}의 이름표</translation>
    </message>
    <message>
      <source>Open the source text</source>
      <translation>원문 열기</translation>
    </message>
    <message>
      <source>Open a reference translation</source>
      <translation>참조 번역 열기</translation>
    </message>
    <message>
      <source>Add translations</source>
      <translation>번역 추가</translation>
    </message>
    <message>
      <source>Choose the source text.</source>
      <translation>원문을 선택하세요.</translation>
    </message>
    <message>
      <source>Add at least one translation to review beside the source.</source>
      <translation>원문과 함께 검토할 번역을 하나 이상 추가하세요.</translation>
    </message>
    <message>
      <source>This is the source file itself; choose the translation's own file.</source>
      <translation>이것은 원문 파일 자체입니다. 번역 파일을 선택하세요.</translation>
    </message>
    <message>
      <source>Give this translation a label.</source>
      <translation>이 번역에 이름표를 붙이세요.</translation>
    </message>
    <message>
      <source>Another translation is already called “{0}”; labels must differ.</source>
      <translation>다른 번역이 이미 “{0}”(이)라는 이름입니다. 이름표는 서로 달라야 합니다.</translation>
    </message>
    <message>
      <source>No file is there (moved or renamed?).</source>
      <translation>그 위치에 파일이 없습니다(옮겼거나 이름을 바꾸었나요?).</translation>
    </message>
    <message>
      <source>This is a folder, not a file.</source>
      <translation>파일이 아니라 폴더입니다.</translation>
    </message>
    <message>
      <source>The file cannot be read (check its permissions).</source>
      <translation>파일을 읽을 수 없습니다(권한을 확인하세요).</translation>
    </message>
    <message>
      <source>The file is empty.</source>
      <translation>파일이 비어 있습니다.</translation>
    </message>
    <message>
      <source>{0} translation(s) need attention (see the rows above).</source>
      <translation>번역 {0}개를 확인해야 합니다(위의 행 참조).</translation>
    </message>
  </context>
  <context>
    <name>OptionsEditor</name>
    <message>
      <source>none</source>
      <translation>없음</translation>
    </message>
    <message>
      <source>default</source>
      <translation>기본값</translation>
    </message>
  </context>
  <context>
    <name>PairTable</name>
    <message>
      <source>Speaker → listener</source>
      <translation>화자 → 청자</translation>
    </message>
    <message>
      <source>Turns</source>
      <translation>발화 수</translation>
    </message>
    <message>
      <source>Usually</source>
      <translation>주로</translation>
    </message>
    <message>
      <source>Changes</source>
      <translation>바뀜</translation>
    </message>
    <message>
      <source>{0} flagged, {1} noted</source>
      <translation>지적 {0}, 참고 {1}</translation>
    </message>
    <message>
      <source>flagged ({0})</source>
      <translation>지적({0})</translation>
    </message>
    <message>
      <source>note: {0}</source>
      <translation>참고: {0}</translation>
    </message>
    <message>
      <source>¶{0}: {1} → {2}</source>
      <translation>¶{0}: {1} → {2}</translation>
    </message>
    <message>
      <source>Double-click to show this turn in the text</source>
      <translation>두 번 누르면 본문에서 이 발화를 보여 줍니다</translation>
    </message>
    <message>
      <source>Speaker unknown</source>
      <translation>화자 불명</translation>
    </message>
    <message>
      <source>Lines whose speaker the text does not make sure: not counted in any pair</source>
      <translation>글에서 화자가 분명하지 않은 대사: 어느 짝에도 세지 않습니다</translation>
    </message>
    <message>
      <source>anger</source>
      <translation>화남</translation>
    </message>
    <message>
      <source>change of relationship</source>
      <translation>관계 변화</translation>
    </message>
    <message>
      <source>scene break</source>
      <translation>장면 전환</translation>
    </message>
    <message>
      <source>neighbouring levels</source>
      <translation>이웃한 등급</translation>
    </message>
    <message>
      <source>major</source>
      <translation>중대</translation>
    </message>
    <message>
      <source>minor</source>
      <translation>경미</translation>
    </message>
    <message>
      <source>neutral</source>
      <translation>중립</translation>
    </message>
    <message>
      <source>Set the speaker…</source>
      <translation>화자 지정…</translation>
    </message>
  </context>
  <context>
    <name>PairView</name>
    <message>
      <source>Which translation to show beside the source</source>
      <translation>원문 옆에 보여 줄 번역</translation>
    </message>
    <message>
      <source>Translation:</source>
      <translation>번역:</translation>
    </message>
    <message>
      <source>≠ {0} row not aligned one-to-one</source>
      <translation>≠ {0}개 행이 일대일로 정렬되지 않음</translation>
    </message>
    <message>
      <source>≠ {0} rows not aligned one-to-one</source>
      <translation>≠ {0}개 행이 일대일로 정렬되지 않음</translation>
    </message>
    <message>
      <source>critical</source>
      <translation>치명</translation>
    </message>
    <message>
      <source>major</source>
      <translation>중대</translation>
    </message>
    <message>
      <source>minor</source>
      <translation>경미</translation>
    </message>
    <message>
      <source>neutral</source>
      <translation>중립</translation>
    </message>
    <message>
      <source>wavy</source>
      <translation>물결선</translation>
    </message>
    <message>
      <source>solid</source>
      <translation>실선</translation>
    </message>
    <message>
      <source>dashed</source>
      <translation>파선</translation>
    </message>
    <message>
      <source>dotted</source>
      <translation>점선</translation>
    </message>
    <message>
      <source>Suggestion:</source>
      <translation>제안:</translation>
    </message>
    <message>
      <source>accepted</source>
      <translation>수락함</translation>
    </message>
    <message>
      <source>rejected</source>
      <translation>거부함</translation>
    </message>
    <message>
      <source>corrected</source>
      <translation>수정함</translation>
    </message>
    <message>
      <source>applied</source>
      <translation>적용함</translation>
    </message>
    <message>
      <source>outdated</source>
      <translation>수정으로 낡음</translation>
    </message>
    <message>
      <source>added</source>
      <translation>추가함</translation>
    </message>
    <message>
      <source>Add a finding for the selected text…</source>
      <translation>선택한 글에 지적 추가…</translation>
    </message>
    <message>
      <source>Copy</source>
      <translation>복사</translation>
    </message>
    <message>
      <source>Edit this paragraph</source>
      <translation>이 문단 고치기</translation>
    </message>
    <message>
      <source>Apply the correction</source>
      <translation>수정 제안 적용</translation>
    </message>
    <message>
      <source>Show in the findings list</source>
      <translation>지적 목록에서 보기</translation>
    </message>
    <message>
      <source>Edit the translation of this paragraph</source>
      <translation>이 문단의 번역 고치기</translation>
    </message>
    <message>
      <source>Ctrl+Enter or click elsewhere to save, Esc to cancel</source>
      <translation>Ctrl+Enter나 다른 곳을 눌러 저장, Esc로 취소</translation>
    </message>
    <message>
      <source>Source and translation, paragraph by paragraph</source>
      <translation>문단별 원문과 번역</translation>
    </message>
    <message>
      <source>(the words it was about changed)</source>
      <translation>(지적한 낱말이 바뀌었습니다)</translation>
    </message>
    <message>
      <source>Outdated by your edit</source>
      <translation>수정으로 낡은 지적</translation>
    </message>
  </context>
  <context>
    <name>PayloadPanel</name>
    <message>
      <source>Show</source>
      <translation>보기</translation>
    </message>
    <message>
      <source>Nothing here yet: tick {0} in the judge panel and run it.</source>
      <translation>아직 결과가 없습니다. 평가기 목록에서 ‘{0}’에 체크하고 실행하세요.</translation>
    </message>
    <message>
      <source>Nothing here yet: tick {0} or {1} in the judge panel and run one.</source>
      <translation>아직 결과가 없습니다. 평가기 목록에서 ‘{0}’ 또는 ‘{1}’에 체크하고 실행하세요.</translation>
    </message>
    <message>
      <source>Nothing here yet: Review › Compare the judges with people's error spans… fills this view.</source>
      <translation>아직 결과가 없습니다. ‘검토 › 평가기를 사람이 표시한 오류 구간과 비교…’로 채워집니다.</translation>
    </message>
    <message>
      <source>Nothing here yet: run a judge whose results include this view ({0}).</source>
      <translation>아직 내용이 없습니다. 이 보기({0})를 결과로 내는 평가기를 실행하세요.</translation>
    </message>
  </context>
  <context>
    <name>PeopleActions</name>
    <message>
      <source>Open a project and run a judge that marks error spans first.</source>
      <translation>먼저 프로젝트를 열고 오류 구간을 표시하는 평가기를 실행하세요.</translation>
    </message>
    <message>
      <source>People's error spans</source>
      <translation>사람이 표시한 오류 구간</translation>
    </message>
    <message>
      <source>Error spans ({0});;All files (*)</source>
      <translation>오류 구간 ({0});;모든 파일 (*)</translation>
    </message>
    <message>
      <source>Compared the judges with {0}.</source>
      <translation>평가기를 {0}과(와) 비교했습니다.</translation>
    </message>
    <message>
      <source>These error spans could not be read: {0}</source>
      <translation>이 오류 구간 파일을 읽지 못했습니다: {0}</translation>
    </message>
  </context>
  <context>
    <name>PipelinesBox</name>
    <message>
      <source>Language</source>
      <translation>언어</translation>
    </message>
    <message>
      <source>Pipeline</source>
      <translation>파이프라인</translation>
    </message>
    <message>
      <source>Installed</source>
      <translation>설치됨</translation>
    </message>
    <message>
      <source>Install missing pipelines</source>
      <translation>빠진 파이프라인 설치</translation>
    </message>
    <message>
      <source>Looking for installed pipelines…</source>
      <translation>설치된 파이프라인을 찾는 중…</translation>
    </message>
    <message>
      <source>Installing through spaCy… (this downloads the pipeline; it can take a minute)</source>
      <translation>spaCy로 설치하는 중… (파이프라인을 내려받으므로 1분쯤 걸릴 수 있습니다)</translation>
    </message>
    <message>
      <source>none official: rule-based terms</source>
      <translation>공식 파이프라인 없음: 규칙 기반 용어</translation>
    </message>
    <message>
      <source>yes</source>
      <translation>예</translation>
    </message>
    <message>
      <source>no</source>
      <translation>아니요</translation>
    </message>
    <message>
      <source>Without a pipeline, names and terms fall back to rules. Install: {0}</source>
      <translation>파이프라인이 없으면 이름과 용어는 규칙으로 찾습니다. 설치할 것: {0}</translation>
    </message>
    <message>
      <source>Every language of this project has what LitLens can use.</source>
      <translation>이 프로젝트의 모든 언어에 LitLens가 쓸 파이프라인이 있습니다.</translation>
    </message>
    <message>
      <source>{0} words need {1}, which is not installed ({2}).</source>
      <translation>{0} 낱말을 나누려면 {1}이(가) 필요한데 설치되어 있지 않습니다({2}).</translation>
    </message>
    <message>
      <source>Installed {0}.</source>
      <translation>{0}을(를) 설치했습니다.</translation>
    </message>
    <message>
      <source>Nothing to install.</source>
      <translation>설치할 것이 없습니다.</translation>
    </message>
    <message>
      <source>spaCy could not be asked ({0}: {1}).</source>
      <translation>spaCy에 물어볼 수 없었습니다({0}: {1}).</translation>
    </message>
  </context>
  <context>
    <name>ProgressView</name>
    <message>
      <source>speech level</source>
      <translation>높임 등급</translation>
    </message>
    <message>
      <source>Progress</source>
      <translation>학습 기록</translation>
    </message>
    <message>
      <source>No attempts yet. Open an exercise (File › Open exercise), submit it, and your scores appear here.</source>
      <translation>아직 풀이가 없습니다. 연습 문제를 열고(파일 › 연습 문제 열기) 제출하면 점수가 여기에 나옵니다.</translation>
    </message>
    <message>
      <source>found and named (%)</source>
      <translation>찾고 바르게 이름 붙인 비율 (%)</translation>
    </message>
    <message>
      <source>attempt (1 = the first; dates in the Attempts table)</source>
      <translation>풀이 차례 (1 = 처음; 날짜는 풀이 표에)</translation>
    </message>
    <message>
      <source>The key said</source>
      <translation>정답</translation>
    </message>
    <message>
      <source>You said</source>
      <translation>내 답</translation>
    </message>
    <message>
      <source>Times</source>
      <translation>횟수</translation>
    </message>
    <message>
      <source>Attempt</source>
      <translation>차례</translation>
    </message>
    <message>
      <source>When</source>
      <translation>언제</translation>
    </message>
    <message>
      <source>Exercise</source>
      <translation>연습 문제</translation>
    </message>
    <message>
      <source>Kind</source>
      <translation>종류</translation>
    </message>
    <message>
      <source>Score</source>
      <translation>점수</translation>
    </message>
    <message>
      <source>Category right</source>
      <translation>범주 맞음</translation>
    </message>
    <message>
      <source>Severity agreed</source>
      <translation>심각도 일치</translation>
    </message>
    <message>
      <source>Student:</source>
      <translation>학생:</translation>
    </message>
    <message>
      <source>Confused most often</source>
      <translation>가장 자주 헷갈린 것</translation>
    </message>
    <message>
      <source>Attempts</source>
      <translation>풀이</translation>
    </message>
    <message>
      <source>annotation</source>
      <translation>오류 표시</translation>
    </message>
    <message>
      <source>speech-level drill</source>
      <translation>높임 등급 연습</translation>
    </message>
  </context>
  <context>
    <name>ProviderBox</name>
    <message>
      <source>default</source>
      <translation>기본값</translation>
    </message>
    <message>
      <source>paste a key to store it</source>
      <translation>저장할 키를 붙여 넣으세요</translation>
    </message>
    <message>
      <source>Save key</source>
      <translation>키 저장</translation>
    </message>
    <message>
      <source>Use for this session</source>
      <translation>이번 세션에만 사용</translation>
    </message>
    <message>
      <source>Model</source>
      <translation>모델</translation>
    </message>
    <message>
      <source>Base URL</source>
      <translation>기본 URL</translation>
    </message>
    <message>
      <source>API key</source>
      <translation>API 키</translation>
    </message>
    <message>
      <source>A key is available.</source>
      <translation>키가 있습니다.</translation>
    </message>
    <message>
      <source>No key yet.</source>
      <translation>아직 키가 없습니다.</translation>
    </message>
    <message>
      <source>Local servers usually need no key.</source>
      <translation>로컬 서버는 대개 키가 필요 없습니다.</translation>
    </message>
  </context>
  <context>
    <name>RankingView</name>
    <message>
      <source>Accuracy</source>
      <translation>정확성</translation>
    </message>
    <message>
      <source>Terminology</source>
      <translation>용어</translation>
    </message>
    <message>
      <source>Linguistic Conventions</source>
      <translation>언어 규범</translation>
    </message>
    <message>
      <source>Emotional Content</source>
      <translation>정서</translation>
    </message>
    <message>
      <source>Audience Appropriateness</source>
      <translation>독자 적합성</translation>
    </message>
    <message>
      <source>Hallucinations</source>
      <translation>환각</translation>
    </message>
    <message>
      <source>Missing Content</source>
      <translation>누락</translation>
    </message>
    <message>
      <source>Overall</source>
      <translation>종합</translation>
    </message>
    <message>
      <source>{0} different winner</source>
      <translation>우승 {0}개</translation>
    </message>
    <message>
      <source>{0} different winners</source>
      <translation>우승 {0}개</translation>
    </message>
    <message>
      <source>{0} order</source>
      <translation>순서 {0}가지</translation>
    </message>
    <message>
      <source>{0} orders</source>
      <translation>순서 {0}가지</translation>
    </message>
    <message>
      <source>This paragraph: {0} over {1} ({2}).</source>
      <translation>이 문단: {1}에서 {0} ({2}).</translation>
    </message>
    <message>
      <source>Paragraph</source>
      <translation>문단</translation>
    </message>
    <message>
      <source>{0} ranking</source>
      <translation>{0} 순위</translation>
    </message>
    <message>
      <source>Winner: {0}</source>
      <translation>우승: {0}</translation>
    </message>
    <message>
      <source>Tie between {0} (each won equally often across orders)</source>
      <translation>{0} 동률 (순서를 바꿔도 이긴 횟수가 같음)</translation>
    </message>
    <message>
      <source>Best by mean score: {0}</source>
      <translation>평균 점수 최고: {0}</translation>
    </message>
    <message>
      <source>Tied on mean score: {0}</source>
      <translation>평균 점수 동률: {0}</translation>
    </message>
    <message>
      <source>No verdict for this paragraph</source>
      <translation>이 문단에는 판정이 없습니다</translation>
    </message>
    <message>
      <source>B is not available: no ranking succeeded.</source>
      <translation>B를 구할 수 없습니다. 성공한 순위 매기기가 없습니다.</translation>
    </message>
    <message>
      <source>B = {0} from a single presentation order: run more orders to measure position bias.</source>
      <translation>B = {0} (제시 순서 하나만으로 구함). 위치 편향을 재려면 순서를 더 늘려 실행하세요.</translation>
    </message>
    <message>
      <source>B = {0}: the same winner in every order — the verdict does not depend on presentation order.</source>
      <translation>B = {0}: 어느 순서에서나 우승이 같습니다. 판정이 제시 순서에 좌우되지 않습니다.</translation>
    </message>
    <message>
      <source>B = {0}, the worst possible here ({1}): the winner changes with presentation order — the verdict follows the order, not the translations.</source>
      <translation>B = {0}, 여기서 가능한 최악({1})입니다. 제시 순서에 따라 우승이 바뀝니다. 판정이 번역이 아니라 순서를 따릅니다.</translation>
    </message>
    <message>
      <source>B = {0} (1 = consistent, {1} = worst possible here): on average {0} different translations won across the {2} orders, so presentation order swayed some verdicts.</source>
      <translation>B = {0} (1 = 일관됨, {1} = 여기서 가능한 최악): {2}가지 순서에서 평균 {0}개의 서로 다른 번역이 이겼습니다. 제시 순서가 일부 판정을 흔들었습니다.</translation>
    </message>
    <message>
      <source>Scores are given to each translation alone, so presentation order cannot sway them.</source>
      <translation>점수는 번역마다 따로 매기므로 제시 순서가 영향을 줄 수 없습니다.</translation>
    </message>
    <message>
      <source>order {0}: {1}</source>
      <translation>순서 {0}: {1}</translation>
    </message>
    <message>
      <source>  ★ winner</source>
      <translation>  ★ 우승</translation>
    </message>
    <message>
      <source>  = tied</source>
      <translation>  = 동률</translation>
    </message>
    <message>
      <source>mean Likert score</source>
      <translation>평균 리커트 점수</translation>
    </message>
    <message>
      <source>Paragraph {0} — {1} translations, by {2}</source>
      <translation>문단 {0} — 번역 {1}개, {2} 기준</translation>
    </message>
    <message>
      <source>Why:</source>
      <translation>근거:</translation>
    </message>
    <message>
      <source>No rationale (the method gives none).</source>
      <translation>근거 없음 (이 방법은 근거를 내지 않습니다).</translation>
    </message>
    <message>
      <source>Position bias.</source>
      <translation>위치 편향.</translation>
    </message>
    <message>
      <source>Failed: </source>
      <translation>실패: </translation>
    </message>
    <message>
      <source>Overall: {0}.</source>
      <translation>종합: {0}.</translation>
    </message>
    <message>
      <source>Wins over resampled paragraphs: {0}.</source>
      <translation>문단 재표집에서 이긴 비율: {0}.</translation>
    </message>
    <message>
      <source>Over presentation orders: {0}.</source>
      <translation>제시 순서별: {0}.</translation>
    </message>
    <message>
      <source>No ranking yet. Run a ranking judge (TransEvalnia, for one) on two or more translations.</source>
      <translation>아직 순위가 없습니다. 번역 둘 이상에 순위 평가기(예: TransEvalnia)를 실행하세요.</translation>
    </message>
  </context>
  <context>
    <name>ReadOnlyNotice</name>
    <message>
      <source>Read-only database: {0}</source>
      <translation>읽기 전용 데이터베이스: {0}</translation>
    </message>
    <message>
      <source>{0}. You can read the project, its results and its revisions; decisions, edits and runs cannot be stored.</source>
      <translation>{0}. 프로젝트와 결과, 수정본은 볼 수 있지만 판정, 편집, 실행 결과는 저장할 수 없습니다.</translation>
    </message>
    <message>
      <source>Not available: the database is read-only ({0}).</source>
      <translation>사용할 수 없음: 데이터베이스가 읽기 전용입니다({0}).</translation>
    </message>
  </context>
  <context>
    <name>ReplaceController</name>
    <message>
      <source>{0} changes in {1} paragraph saved as revision {2} of {3} ({4}).</source>
      <translation>{1}개 문단에서 {0}군데를 바꾸어 {3}의 수정본 {2}(으)로 저장했습니다 ({4}).</translation>
    </message>
    <message>
      <source>{0} changes in {1} paragraphs saved as revision {2} of {3} ({4}).</source>
      <translation>{1}개 문단에서 {0}군데를 바꾸어 {3}의 수정본 {2}(으)로 저장했습니다 ({4}).</translation>
    </message>
    <message>
      <source>{0} change in {1} paragraph saved as revision {2} of {3} ({4}).</source>
      <translation>{1}개 문단에서 {0}군데를 바꾸어 {3}의 수정본 {2}(으)로 저장했습니다 ({4}).</translation>
    </message>
    <message>
      <source>The replacement could not be saved ({0}).</source>
      <translation>바꾼 내용을 저장할 수 없습니다({0}).</translation>
    </message>
  </context>
  <context>
    <name>ReviewActions</name>
    <message>
      <source>Correct the finding</source>
      <translation>지적 수정</translation>
    </message>
    <message>
      <source>Select text in the translation column first.</source>
      <translation>먼저 번역 열에서 글을 선택하세요.</translation>
    </message>
    <message>
      <source>Add a finding</source>
      <translation>지적 추가</translation>
    </message>
    <message>
      <source>This finding has no correction that can be applied.</source>
      <translation>이 지적에는 적용할 수 있는 수정안이 없습니다.</translation>
    </message>
    <message>
      <source>Accepted {0} findings.</source>
      <translation>지적 {0}개를 수락했습니다.</translation>
    </message>
    <message>
      <source>Accepted the finding.</source>
      <translation>지적을 수락했습니다.</translation>
    </message>
    <message>
      <source>Rejected {0} findings.</source>
      <translation>지적 {0}개를 거부했습니다.</translation>
    </message>
    <message>
      <source>Rejected the finding.</source>
      <translation>지적을 거부했습니다.</translation>
    </message>
    <message>
      <source>Rejected {0} findings like this one.</source>
      <translation>이와 같은 지적 {0}개를 거부했습니다.</translation>
    </message>
    <message>
      <source>Rejected this finding; no other is like it.</source>
      <translation>이 지적을 거부했습니다. 이와 같은 다른 지적은 없습니다.</translation>
    </message>
    <message>
      <source>Accepted {0} occurrences of “{1}”.</source>
      <translation>“{1}”의 {0}개 경우를 수락했습니다.</translation>
    </message>
    <message>
      <source>Accepted the one occurrence of “{0}”.</source>
      <translation>“{0}”의 한 번뿐인 출현을 수락했습니다.</translation>
    </message>
    <message>
      <source>Copied {0} findings.</source>
      <translation>지적 {0}개를 복사했습니다.</translation>
    </message>
    <message>
      <source>Copied the finding.</source>
      <translation>지적을 복사했습니다.</translation>
    </message>
    <message>
      <source>Accept selected</source>
      <translation>선택 항목 수락</translation>
    </message>
    <message>
      <source>Accept</source>
      <translation>수락</translation>
    </message>
    <message>
      <source>Reject selected</source>
      <translation>선택 항목 거부</translation>
    </message>
    <message>
      <source>Reject</source>
      <translation>거부</translation>
    </message>
    <message>
      <source>Correct…</source>
      <translation>수정…</translation>
    </message>
    <message>
      <source>Apply “{0}”</source>
      <translation>“{0}” 적용</translation>
    </message>
    <message>
      <source>Apply correction</source>
      <translation>수정 적용</translation>
    </message>
    <message>
      <source>Reject all like this</source>
      <translation>이와 같은 것 모두 거부</translation>
    </message>
    <message>
      <source>Accept all occurrences of this term</source>
      <translation>이 용어의 모든 경우 수락</translation>
    </message>
    <message>
      <source>Copy</source>
      <translation>복사</translation>
    </message>
    <message>
      <source>Jump to the span in the text</source>
      <translation>본문의 해당 부분으로 이동</translation>
    </message>
  </context>
  <context>
    <name>ReviewButtons</name>
    <message>
      <source>✓ Accept</source>
      <translation>✓ 수락</translation>
    </message>
    <message>
      <source>✗ Reject</source>
      <translation>✗ 거부</translation>
    </message>
    <message>
      <source>✎ Correct…</source>
      <translation>✎ 수정…</translation>
    </message>
    <message>
      <source>✔ Apply</source>
      <translation>✔ 적용</translation>
    </message>
    <message>
      <source>+ Add from selection…</source>
      <translation>+ 선택한 글로 추가…</translation>
    </message>
    <message>
      <source>Undo decision</source>
      <translation>결정 취소</translation>
    </message>
  </context>
  <context>
    <name>ReviewController</name>
    <message>
      <source>The review could not be saved ({0}).</source>
      <translation>검토 결과를 저장하지 못했습니다({0}).</translation>
    </message>
  </context>
  <context>
    <name>ReviewFileActions</name>
    <message>
      <source>Open a project first.</source>
      <translation>먼저 프로젝트를 여세요.</translation>
    </message>
    <message>
      <source>{0} failed: {1}</source>
      <translation>{0} 실패: {1}</translation>
    </message>
    <message>
      <source>Export review DOCX</source>
      <translation>검토용 DOCX 내보내기</translation>
    </message>
    <message>
      <source>Word documents (*.docx)</source>
      <translation>Word 문서 (*.docx)</translation>
    </message>
    <message>
      <source>this project has no run yet: run the judges first</source>
      <translation>이 프로젝트에는 아직 실행 기록이 없습니다. 먼저 평가기를 실행하세요</translation>
    </message>
    <message>
      <source>Exported a review DOCX of {0} ({1}, {2}) to {3}</source>
      <translation>{0}의 검토용 DOCX를 {3}에 내보냈습니다 ({1}, {2})</translation>
    </message>
    <message>
      <source>{0} paragraph</source>
      <translation>문단 {0}개</translation>
    </message>
    <message>
      <source>{0} paragraphs</source>
      <translation>문단 {0}개</translation>
    </message>
    <message>
      <source>{0} finding</source>
      <translation>지적 {0}개</translation>
    </message>
    <message>
      <source>{0} findings</source>
      <translation>지적 {0}개</translation>
    </message>
    <message>
      <source>Import review DOCX</source>
      <translation>검토용 DOCX 가져오기</translation>
    </message>
    <message>
      <source>the file was made from another project (#{0}); open that project first</source>
      <translation>이 파일은 다른 프로젝트(#{0})에서 만들어졌습니다. 먼저 그 프로젝트를 여세요</translation>
    </message>
    <message>
      <source>saved as revision {0} of {1}</source>
      <translation>{1}의 개정 {0}(으)로 저장</translation>
    </message>
    <message>
      <source>no target changed</source>
      <translation>바뀐 번역문 없음</translation>
    </message>
    <message>
      <source>Review DOCX imported: {0}; {1} note(s).</source>
      <translation>검토용 DOCX를 가져왔습니다: {0}, 메모 {1}개.</translation>
    </message>
  </context>
  <context>
    <name>RevisionDialog</name>
    <message>
      <source>Revisions</source>
      <translation>수정본</translation>
    </message>
    <message>
      <source>Revision</source>
      <translation>수정본</translation>
    </message>
    <message>
      <source>Made</source>
      <translation>만든 때</translation>
    </message>
    <message>
      <source>What changed</source>
      <translation>바뀐 내용</translation>
    </message>
    <message>
      <source>Judge</source>
      <translation>평가기</translation>
    </message>
    <message>
      <source>Severity</source>
      <translation>심각도</translation>
    </message>
    <message>
      <source>Category</source>
      <translation>범주</translation>
    </message>
    <message>
      <source>Text</source>
      <translation>글</translation>
    </message>
    <message>
      <source>Explanation</source>
      <translation>설명</translation>
    </message>
    <message>
      <source>Text (read-only)</source>
      <translation>글(읽기 전용)</translation>
    </message>
    <message>
      <source>Findings on it</source>
      <translation>이 수정본의 지적</translation>
    </message>
    <message>
      <source>Compared with the current text</source>
      <translation>현재 글과 비교</translation>
    </message>
    <message>
      <source>Go back to this revision</source>
      <translation>이 수정본으로 되돌리기</translation>
    </message>
    <message>
      <source>Makes this text current again as a new revision; nothing is deleted, and Undo takes it back.</source>
      <translation>이 글을 새 수정본으로 다시 현재 글로 만듭니다. 아무것도 지워지지 않으며 실행 취소로 되돌릴 수 있습니다.</translation>
    </message>
    <message>
      <source>Translation</source>
      <translation>번역</translation>
    </message>
    <message>
      <source>The revisions could not be read ({0}).</source>
      <translation>수정본을 읽을 수 없습니다({0}).</translation>
    </message>
    <message>
      <source>{0} (current)</source>
      <translation>{0} (현재)</translation>
    </message>
    <message>
      <source>the text as opened</source>
      <translation>처음 열었을 때의 글</translation>
    </message>
    <message>
      <source>correction applied to {0}</source>
      <translation>{0}에 수정안 적용</translation>
    </message>
    <message>
      <source>went back to an earlier revision ({0})</source>
      <translation>이전 수정본으로 되돌림({0})</translation>
    </message>
    <message>
      <source>edits saved by a run: {0}</source>
      <translation>실행 때 저장된 편집: {0}</translation>
    </message>
    <message>
      <source>{0} paragraph(s) edited: {1}</source>
      <translation>단락 {0}개 편집: {1}</translation>
    </message>
    <message>
      <source>&lt;p&gt;This is the current text.&lt;/p&gt;</source>
      <translation>&lt;p&gt;현재 글입니다.&lt;/p&gt;</translation>
    </message>
    <message>
      <source>Revision {0}; the current one is {1}. Struck-through words are in the current text, underlined ones in this revision.</source>
      <translation>수정본 {0}. 현재 수정본은 {1}입니다. 취소선이 그어진 말은 현재 글에, 밑줄 친 말은 이 수정본에 있습니다.</translation>
    </message>
    <message>
      <source>(no run judged this revision)</source>
      <translation>(이 수정본을 평가한 실행이 없습니다)</translation>
    </message>
    <message>
      <source>Went back to revision {0} of {1}: it is now revision {2}.</source>
      <translation>{1}의 수정본 {0}으로 되돌렸습니다. 이제 수정본 {2}입니다.</translation>
    </message>
  </context>
  <context>
    <name>RevisionNote</name>
    <message>
      <source>Showing revision {0} of “{1}” — your edits. &lt;a href="original"&gt;See the original&lt;/a&gt; · &lt;a href="all"&gt;All revisions&lt;/a&gt;</source>
      <translation>“{1}”의 수정본 {0}을 표시하는 중 — 직접 편집한 글입니다. &lt;a href="original"&gt;원래 글 보기&lt;/a&gt; · &lt;a href="all"&gt;모든 수정본&lt;/a&gt;</translation>
    </message>
  </context>
  <context>
    <name>RunActions</name>
    <message>
      <source>Nothing to review</source>
      <translation>검토할 글이 없습니다</translation>
    </message>
    <message>
      <source>Open a source and a translation first (File menu).</source>
      <translation>먼저 원문과 번역을 여세요(파일 메뉴).</translation>
    </message>
    <message>
      <source>Choose at least one judge.</source>
      <translation>평가기를 하나 이상 고르세요.</translation>
    </message>
    <message>
      <source>Skipped (cannot run on this project): {0}</source>
      <translation>건너뜀(이 프로젝트에서는 실행할 수 없음): {0}</translation>
    </message>
    <message>
      <source>The run failed: {0}</source>
      <translation>실행이 실패했습니다: {0}</translation>
    </message>
    <message>
      <source>The run could not start: {0}</source>
      <translation>실행을 시작할 수 없습니다: {0}</translation>
    </message>
    <message>
      <source>No API key for {0} yet. Add one in Settings › Providers.</source>
      <translation>{0}의 API 키가 아직 없습니다. 설정 › 제공자에서 추가하세요.</translation>
    </message>
  </context>
  <context>
    <name>RunBar</name>
    <message>
      <source>{0}/{1} unit</source>
      <translation>작업 {0}/{1}</translation>
    </message>
    <message>
      <source>{0}/{1} units</source>
      <translation>작업 {0}/{1}</translation>
    </message>
    <message>
      <source>{0} call</source>
      <translation>호출 {0}회</translation>
    </message>
    <message>
      <source>{0} calls</source>
      <translation>호출 {0}회</translation>
    </message>
    <message>
      <source>{0:,} token</source>
      <translation>{0:,} 토큰</translation>
    </message>
    <message>
      <source>{0:,} tokens</source>
      <translation>{0:,} 토큰</translation>
    </message>
    <message>
      <source>no calls</source>
      <translation>호출 없음</translation>
    </message>
    <message>
      <source>Ready</source>
      <translation>준비</translation>
    </message>
    <message>
      <source>Finished</source>
      <translation>완료</translation>
    </message>
    <message>
      <source>Cancelled</source>
      <translation>취소됨</translation>
    </message>
    <message>
      <source>Stopped at the budget</source>
      <translation>예산에 도달해 멈춤</translation>
    </message>
    <message>
      <source>Stopped</source>
      <translation>멈춤</translation>
    </message>
    <message>
      <source>Running {0}…</source>
      <translation>{0} 실행 중…</translation>
    </message>
    <message>
      <source>Run failed: {0}</source>
      <translation>실행 실패: {0}</translation>
    </message>
    <message>
      <source>units</source>
      <translation>작업</translation>
    </message>
    <message>
      <source>calls</source>
      <translation>호출</translation>
    </message>
    <message>
      <source>tokens</source>
      <translation>토큰</translation>
    </message>
    <message>
      <source>failed</source>
      <translation>실패</translation>
    </message>
    <message>
      <source>reused</source>
      <translation>재사용</translation>
    </message>
  </context>
  <context>
    <name>RunController</name>
    <message>
      <source>Stored results could not be read: {0}</source>
      <translation>저장된 결과를 읽지 못했습니다: {0}</translation>
    </message>
    <message>
      <source>Choose at least one judge.</source>
      <translation>평가기를 하나 이상 고르세요.</translation>
    </message>
    <message>
      <source>1 paragraph changed</source>
      <translation>문단 1개 바뀜</translation>
    </message>
    <message>
      <source>{0} paragraphs changed</source>
      <translation>문단 {0}개 바뀜</translation>
    </message>
  </context>
  <context>
    <name>RunHistory</name>
    <message>
      <source>all translations</source>
      <translation>모든 번역</translation>
    </message>
    <message>
      <source>Run {0} of this project. On the command line it is run {1}: litlens show {1}, litlens report {1}</source>
      <translation>이 프로젝트의 실행 {0}. 명령줄에서는 실행 {1}입니다: litlens show {1}, litlens report {1}</translation>
    </message>
    <message>
      <source>Run</source>
      <translation>실행</translation>
    </message>
    <message>
      <source>Judges</source>
      <translation>평가기</translation>
    </message>
    <message>
      <source>Model</source>
      <translation>모델</translation>
    </message>
    <message>
      <source>Status</source>
      <translation>상태</translation>
    </message>
    <message>
      <source>Units</source>
      <translation>작업</translation>
    </message>
    <message>
      <source>Calls</source>
      <translation>호출</translation>
    </message>
    <message>
      <source>Tokens</source>
      <translation>토큰</translation>
    </message>
    <message>
      <source>Cost</source>
      <translation>비용</translation>
    </message>
    <message>
      <source>Compare the two selected runs</source>
      <translation>선택한 두 실행 비교</translation>
    </message>
    <message>
      <source>Resume the selected run</source>
      <translation>선택한 실행 이어서 하기</translation>
    </message>
    <message>
      <source>Run what an interrupted, cancelled or stopped run did not finish; what it finished is reused, not paid for again</source>
      <translation>중단·취소·정지된 실행이 끝내지 못한 부분만 실행합니다. 끝난 부분은 다시 쓰며 비용을 다시 내지 않습니다</translation>
    </message>
    <message>
      <source>Figure</source>
      <translation>수치</translation>
    </message>
    <message>
      <source>{0} run · ${1:.4f} spent on this project</source>
      <translation>실행 {0}회 · 이 프로젝트에 ${1:.4f} 사용</translation>
    </message>
    <message>
      <source>{0} runs · ${1:.4f} spent on this project</source>
      <translation>실행 {0}회 · 이 프로젝트에 ${1:.4f} 사용</translation>
    </message>
    <message>
      <source>No runs yet.</source>
      <translation>아직 실행 기록이 없습니다.</translation>
    </message>
    <message>
      <source>Run {0}</source>
      <translation>실행 {0}</translation>
    </message>
    <message numerus="yes">
      <source>Per translation (%n translations: {0}): each score is a mean over that translation's paragraphs, findings are counted per translation; nothing is pooled across them.</source>
      <translation>
        <numerusform>번역별 (번역 %n개: {0}): 점수는 각 번역의 문단 평균이고 찾은 오류는 번역마다 셉니다. 번역끼리 합치지 않습니다.</numerusform>
      </translation>
    </message>
    <message>
      <source>One translation ({0}): each score is a mean over its paragraphs.</source>
      <translation>번역 하나 ({0}): 점수는 그 문단들의 평균입니다.</translation>
    </message>
    <message>
      <source>These runs stored no results of a translation.</source>
      <translation>이 실행들에는 번역에 대한 결과가 저장되지 않았습니다.</translation>
    </message>
    <message>
      <source>{0} · failed units</source>
      <translation>{0} · 실패한 작업 단위</translation>
    </message>
    <message>
      <source>{0} · {1} findings</source>
      <translation>{0} · {1} 지적</translation>
    </message>
    <message>
      <source>critical</source>
      <translation>치명</translation>
    </message>
    <message>
      <source>major</source>
      <translation>중대</translation>
    </message>
    <message>
      <source>minor</source>
      <translation>경미</translation>
    </message>
    <message>
      <source>neutral</source>
      <translation>중립</translation>
    </message>
    <message>
      <source>offline</source>
      <translation>오프라인</translation>
    </message>
    <message>
      <source>running</source>
      <translation>실행 중</translation>
    </message>
    <message>
      <source>done</source>
      <translation>완료</translation>
    </message>
    <message>
      <source>budget</source>
      <translation>예산에서 멈춤</translation>
    </message>
    <message>
      <source>cancelled</source>
      <translation>취소됨</translation>
    </message>
    <message>
      <source>aborted</source>
      <translation>중단됨</translation>
    </message>
    <message>
      <source>interrupted</source>
      <translation>끊김</translation>
    </message>
    <message>
      <source>failed</source>
      <translation>실패</translation>
    </message>
    <message>
      <source>offline</source>
      <translation>오프라인</translation>
    </message>
  </context>
  <context>
    <name>SampleActions</name>
    <message>
      <source>Ask the judges &amp;again (stability)…</source>
      <translation>평가자에게 다시 묻기(안정성)(&amp;A)…</translation>
    </message>
    <message>
      <source>Ask again only where the first two answers &amp;disagree…</source>
      <translation>처음 두 답이 다른 곳만 다시 묻기(&amp;D)…</translation>
    </message>
    <message>
      <source>Run an LLM judge first: its findings are what is asked again.</source>
      <translation>먼저 LLM 평가자를 실행하세요: 다시 묻는 것은 그 지적입니다.</translation>
    </message>
    <message>
      <source>Ask the judges again</source>
      <translation>평가자에게 다시 묻기</translation>
    </message>
    <message>
      <source>Ask the judges of run {0} how many times in all (the run is the first)?</source>
      <translation>실행 {0}의 평가자에게 모두 몇 번 물을까요(이 실행이 첫 번째)?</translation>
    </message>
    <message>
      <source>price unknown</source>
      <translation>가격 알 수 없음</translation>
    </message>
    <message>
      <source>{0} more sample</source>
      <translation>표본 {0}개 추가</translation>
    </message>
    <message>
      <source>{0} more samples</source>
      <translation>표본 {0}개 추가</translation>
    </message>
    <message>
      <source>{0} unit</source>
      <translation>작업 {0}개</translation>
    </message>
    <message>
      <source>{0} units</source>
      <translation>작업 {0}개</translation>
    </message>
    <message>
      <source>{0} LLM call</source>
      <translation>LLM 호출 {0}회</translation>
    </message>
    <message>
      <source>{0} LLM calls</source>
      <translation>LLM 호출 {0}회</translation>
    </message>
    <message>
      <source>(samples already stored are reused, free)</source>
      <translation>(이미 저장된 표본은 무료로 재사용)</translation>
    </message>
    <message>
      <source>At most: samples after the second ask only the paragraphs whose first two answers disagree.</source>
      <translation>최대치입니다: 세 번째 표본부터는 처음 두 답이 다른 문단만 묻습니다.</translation>
    </message>
    <message>
      <source>Asking the judges once more…</source>
      <translation>평가자에게 한 번 더 묻는 중…</translation>
    </message>
    <message>
      <source>Asking the judges {0} more times…</source>
      <translation>평가자에게 {0}번 더 묻는 중…</translation>
    </message>
    <message>
      <source>Stopped: {0}.</source>
      <translation>중단됨: {0}.</translation>
    </message>
    <message>
      <source>{0} samples stored (runs {1}); the findings list shows how often each finding was found.</source>
      <translation>표본 {0}개 저장됨(실행 {1}). 지적 목록에 각 지적이 몇 번 발견되었는지 표시됩니다.</translation>
    </message>
    <message>
      <source>The judges could not be asked again: {0}</source>
      <translation>평가자에게 다시 물을 수 없습니다: {0}</translation>
    </message>
  </context>
  <context>
    <name>ScorecardView</name>
    <message>
      <source>Literary (seed 002's weights)</source>
      <translation>문학 번역(seed 002의 가중치)</translation>
    </message>
    <message>
      <source>MQM-Core (1 / 5 / 25)</source>
      <translation>MQM-Core(1 / 5 / 25)</translation>
    </message>
    <message>
      <source>Profile file…</source>
      <translation>프로필 파일…</translation>
    </message>
    <message>
      <source>Count findings not yet reviewed</source>
      <translation>아직 검토하지 않은 지적도 세기</translation>
    </message>
    <message>
      <source>Off: only findings you accepted, corrected, applied or added. On: every finding you did not reject (and whose words are still there).</source>
      <translation>끄면: 수락·수정·적용하거나 직접 추가한 지적만 셉니다. 켜면: 거부하지 않은 모든 지적을 셉니다(가리키던 말이 아직 글에 있는 것만).</translation>
    </message>
    <message>
      <source>Candidate</source>
      <translation>후보</translation>
    </message>
    <message>
      <source>Word count</source>
      <translation>낱말 수</translation>
    </message>
    <message>
      <source>Errors</source>
      <translation>오류</translation>
    </message>
    <message>
      <source>Critical</source>
      <translation>치명</translation>
    </message>
    <message>
      <source>Major</source>
      <translation>중대</translation>
    </message>
    <message>
      <source>Minor</source>
      <translation>경미</translation>
    </message>
    <message>
      <source>Penalty</source>
      <translation>감점</translation>
    </message>
    <message>
      <source>Per 1,000 words</source>
      <translation>1,000낱말당</translation>
    </message>
    <message>
      <source>Score</source>
      <translation>점수</translation>
    </message>
    <message>
      <source>Pass mark</source>
      <translation>통과 기준</translation>
    </message>
    <message>
      <source>Result</source>
      <translation>결과</translation>
    </message>
    <message>
      <source>QA profile:</source>
      <translation>품질 프로필:</translation>
    </message>
    <message>
      <source>QA profile</source>
      <translation>품질 프로필</translation>
    </message>
    <message>
      <source>QA profiles (*.toml *.json)</source>
      <translation>품질 프로필 (*.toml *.json)</translation>
    </message>
    <message>
      <source>Literary</source>
      <translation>문학 번역</translation>
    </message>
    <message>
      <source>pass</source>
      <translation>통과</translation>
    </message>
    <message>
      <source>fail</source>
      <translation>불합격</translation>
    </message>
    <message>
      <source>every finding not rejected</source>
      <translation>거부하지 않은 모든 지적</translation>
    </message>
    <message>
      <source>reviewed findings only</source>
      <translation>검토한 지적만</translation>
    </message>
    <message>
      <source>{0}: score = 100 × (1 − penalty ÷ words), words of the {1}; counting {2}.</source>
      <translation>{0}: 점수 = 100 × (1 − 감점 ÷ 낱말 수), 낱말은 {1} 기준, 센 지적: {2}.</translation>
    </message>
    <message>
      <source>source</source>
      <translation>원문</translation>
    </message>
    <message>
      <source>translation</source>
      <translation>번역문</translation>
    </message>
    <message>
      <source>Scorecard</source>
      <translation>점수표</translation>
    </message>
  </context>
  <context>
    <name>ScoresTable</name>
    <message>
      <source>No scores yet. Scoring judges such as DA-MQM need an LLM provider (see Provider).</source>
      <translation>아직 점수가 없습니다. DA-MQM 같은 채점 평가기에는 LLM 제공자가 필요합니다(제공자 참고).</translation>
    </message>
    <message>
      <source>{0}, scored by {1}, in {2}</source>
      <translation>{0}, {1} 채점, {2}</translation>
    </message>
    <message>
      <source>Whole text</source>
      <translation>텍스트 전체</translation>
    </message>
    <message>
      <source>Mean</source>
      <translation>평균</translation>
    </message>
    <message>
      <source>Mean of {0} paragraphs with its 95% interval over paragraphs</source>
      <translation>문단 {0}개의 평균과 문단에 걸친 95% 구간</translation>
    </message>
  </context>
  <context>
    <name>SettingsDialog</name>
    <message>
      <source>Settings</source>
      <translation>설정</translation>
    </message>
    <message>
      <source>Providers</source>
      <translation>제공자</translation>
    </message>
    <message>
      <source>Limits and budget</source>
      <translation>한도와 예산</translation>
    </message>
    <message>
      <source>General</source>
      <translation>일반</translation>
    </message>
    <message>
      <source>API keys are kept in the system keyring.</source>
      <translation>API 키는 시스템 키링에 보관됩니다.</translation>
    </message>
    <message>
      <source>This system has no secure key store. Keys you enter are used for this session only and forgotten when LitLens closes; set OPENAI_API_KEY or ANTHROPIC_API_KEY in the environment to avoid typing them again.</source>
      <translation>이 시스템에는 안전한 키 저장소가 없습니다. 입력한 키는 이번 세션에만 쓰이고 LitLens를 닫으면 잊힙니다. 다시 입력하지 않으려면 환경 변수 OPENAI_API_KEY나 ANTHROPIC_API_KEY를 설정하세요.</translation>
    </message>
    <message>
      <source>Preferred provider</source>
      <translation>기본 제공자</translation>
    </message>
    <message>
      <source>no limit</source>
      <translation>제한 없음</translation>
    </message>
    <message>
      <source>Requests at once</source>
      <translation>동시 요청 수</translation>
    </message>
    <message>
      <source>Requests per minute</source>
      <translation>분당 요청 수</translation>
    </message>
    <message>
      <source>Tokens per minute</source>
      <translation>분당 토큰 수</translation>
    </message>
    <message>
      <source>Default budget per run</source>
      <translation>실행당 기본 예산</translation>
    </message>
    <message>
      <source>An installed spaCy pipeline for English names; without one LitLens falls back to rule-based name candidates and says so.</source>
      <translation>영어 이름을 찾는 spaCy 파이프라인. 없으면 LitLens가 규칙 기반 후보로 대신하고 그렇다고 알립니다.</translation>
    </message>
    <message>
      <source>Choose…</source>
      <translation>고르기…</translation>
    </message>
    <message>
      <source>Light</source>
      <translation>밝게</translation>
    </message>
    <message>
      <source>Dark</source>
      <translation>어둡게</translation>
    </message>
    <message>
      <source>your name, stored with your review decisions</source>
      <translation>검토 결정과 함께 저장되는 이름</translation>
    </message>
    <message>
      <source>spaCy pipeline</source>
      <translation>spaCy 파이프라인</translation>
    </message>
    <message>
      <source>Pipelines</source>
      <translation>파이프라인</translation>
    </message>
    <message>
      <source>Database</source>
      <translation>데이터베이스</translation>
    </message>
    <message>
      <source>built-in templates</source>
      <translation>내장 템플릿</translation>
    </message>
    <message>
      <source>A folder of prompt templates that replace the built-in ones of the same name (e.g. gemba_mqm/system.j2), checked before any call; results and protocol cards then say "custom prompt".</source>
      <translation>같은 이름의 내장 템플릿을 대신할 프롬프트 템플릿 폴더입니다(예: gemba_mqm/system.j2). 호출 전에 검사하며, 결과와 프로토콜 카드에 "사용자 프롬프트"라고 표시됩니다.</translation>
    </message>
    <message>
      <source>Prompt templates</source>
      <translation>프롬프트 템플릿</translation>
    </message>
    <message>
      <source>Interface language</source>
      <translation>화면 언어</translation>
    </message>
    <message>
      <source>Theme</source>
      <translation>테마</translation>
    </message>
    <message>
      <source>Reviewer</source>
      <translation>검토자</translation>
    </message>
    <message>
      <source>Judges you keep rejecting</source>
      <translation>계속 거부하는 평가자</translation>
    </message>
    <message>
      <source>A new language or database takes effect the next time LitLens starts.</source>
      <translation>언어나 데이터베이스를 바꾸면 LitLens를 다음에 시작할 때 적용됩니다.</translation>
    </message>
    <message>
      <source>Save and restart LitLens now</source>
      <translation>저장하고 LitLens 지금 다시 시작</translation>
    </message>
    <message>
      <source>Show their findings as usual</source>
      <translation>지적을 평소처럼 표시</translation>
    </message>
    <message>
      <source>Fade their findings</source>
      <translation>지적을 흐리게 표시</translation>
    </message>
    <message>
      <source>Hide their findings (the list says how many)</source>
      <translation>지적 숨기기(목록에 숨긴 개수 표시)</translation>
    </message>
    <message>
      <source>Per judge and category, from your own accept and reject decisions: after at least 10 decisions, when the judge is right for you less than half the time (95% upper bound below 50%).</source>
      <translation>평가자와 범주별로, 내가 수락·거부한 결정에 따라: 결정이 10개 이상이고 그 평가자가 나에게 맞은 비율이 절반에 못 미칠 때(95% 상한이 50% 미만).</translation>
    </message>
    <message>
      <source>Restart LitLens to use the new language or database; until then the window stays as it is.</source>
      <translation>새 언어나 데이터베이스를 쓰려면 LitLens를 다시 시작하세요. 그때까지 창은 지금 그대로입니다.</translation>
    </message>
    <message>
      <source>Prompt templates folder</source>
      <translation>프롬프트 템플릿 폴더</translation>
    </message>
    <message>
      <source>These prompt templates cannot be used: {0}</source>
      <translation>이 프롬프트 템플릿은 쓸 수 없습니다: {0}</translation>
    </message>
    <message>
      <source>Database file</source>
      <translation>데이터베이스 파일</translation>
    </message>
    <message>
      <source>SQLite database (*.db);;All files (*)</source>
      <translation>SQLite 데이터베이스 (*.db);;모든 파일 (*)</translation>
    </message>
    <message>
      <source>light</source>
      <translation>밝게</translation>
    </message>
    <message>
      <source>dark</source>
      <translation>어둡게</translation>
    </message>
  </context>
  <context>
    <name>SpanAgreementView</name>
    <message>
      <source>Partial overlap, partial credit</source>
      <translation>부분 겹침, 부분 점수</translation>
    </message>
    <message>
      <source>Exact match</source>
      <translation>정확히 일치</translation>
    </message>
    <message>
      <source>Bars: F1 per category; whiskers: its 95% interval over paragraphs; orange dashes: people's F1 with each other.</source>
      <translation>막대: 범주별 F1, 수염: 문단에 걸친 95% 구간, 주황 점선: 사람끼리의 F1.</translation>
    </message>
    <message>
      <source>Judge / slice</source>
      <translation>평가기 / 구분</translation>
    </message>
    <message>
      <source>Precision</source>
      <translation>정밀도</translation>
    </message>
    <message>
      <source>Recall</source>
      <translation>재현율</translation>
    </message>
    <message>
      <source>F1</source>
      <translation>F1</translation>
    </message>
    <message>
      <source>Macro F1</source>
      <translation>매크로 F1</translation>
    </message>
    <message>
      <source>Severity agreement</source>
      <translation>심각도 일치</translation>
    </message>
    <message>
      <source>Judge's spans</source>
      <translation>평가기의 구간</translation>
    </message>
    <message>
      <source>People's spans</source>
      <translation>사람의 구간</translation>
    </message>
    <message>
      <source>Rows</source>
      <translation>행</translation>
    </message>
    <message>
      <source>Judges against {0} (raters: {1})</source>
      <translation>{0} 대비 평가기 (평가자: {1})</translation>
    </message>
    <message>
      <source>People, with each other (ceiling)</source>
      <translation>사람끼리 (상한)</translation>
    </message>
    <message>
      <source>severity: {0}</source>
      <translation>심각도: {0}</translation>
    </message>
    <message>
      <source>Judges against your own decisions (accepted and corrected: right; rejected: wrong)</source>
      <translation>내 결정에 비춘 평가자(수락·수정: 맞음, 거부: 틀림)</translation>
    </message>
    <message>
      <source>Judge / category</source>
      <translation>평가자 / 범주</translation>
    </message>
    <message>
      <source>Right for you</source>
      <translation>나에게 맞은 비율</translation>
    </message>
    <message>
      <source>Kept</source>
      <translation>유지</translation>
    </message>
    <message>
      <source>Decisions</source>
      <translation>결정 수</translation>
    </message>
    <message>
      <source>The rule acts</source>
      <translation>규칙 적용</translation>
    </message>
    <message>
      <source>Bars: how often the judge was right for you per category; whiskers: the 95% Wilson interval.</source>
      <translation>막대: 범주별로 평가자가 나에게 맞은 비율, 수염: 95% 윌슨 구간.</translation>
    </message>
  </context>
  <context>
    <name>SpeakerCorrections</name>
    <message>
      <source>The speaker could not be saved ({0}).</source>
      <translation>화자를 저장하지 못했습니다({0}).</translation>
    </message>
    <message>
      <source>Speaker set: {0}</source>
      <translation>화자 지정: {0}</translation>
    </message>
    <message>
      <source>unknown</source>
      <translation>불명</translation>
    </message>
  </context>
  <context>
    <name>SpeakerDialog</name>
    <message>
      <source>Set the speaker</source>
      <translation>화자 지정</translation>
    </message>
    <message>
      <source>Line</source>
      <translation>대사</translation>
    </message>
    <message>
      <source>Speaker</source>
      <translation>화자</translation>
    </message>
    <message>
      <source>Listener</source>
      <translation>청자</translation>
    </message>
    <message>
      <source>unknown</source>
      <translation>불명</translation>
    </message>
  </context>
  <context>
    <name>SpeechLevelMap</name>
    <message>
      <source>No speech levels yet: run the Korean honorifics judge.</source>
      <translation>아직 높임 등급이 없습니다. 한국어 높임법 평가기를 실행하세요.</translation>
    </message>
    <message>
      <source>¶</source>
      <translation>¶</translation>
    </message>
    <message>
      <source>Speaker → listener</source>
      <translation>화자 → 청자</translation>
    </message>
    <message>
      <source>Level</source>
      <translation>등급</translation>
    </message>
    <message>
      <source>Sentence</source>
      <translation>문장</translation>
    </message>
    <message>
      <source>Speaker from</source>
      <translation>화자 출처</translation>
    </message>
    <message>
      <source>Sentences</source>
      <translation>문장</translation>
    </message>
    <message>
      <source>Who speaks to whom</source>
      <translation>누가 누구에게</translation>
    </message>
    <message>
      <source>rules</source>
      <translation>규칙</translation>
    </message>
    <message>
      <source>LLM</source>
      <translation>LLM</translation>
    </message>
    <message>
      <source>you</source>
      <translation>나</translation>
    </message>
    <message>
      <source>unclear</source>
      <translation>불분명</translation>
    </message>
    <message>
      <source>One sentence in ¶{1} was edited since the run and is left out: run the honorifics judge again to read its level.</source>
      <translation>¶{1}의 문장 하나가 실행 뒤에 고쳐져 목록에서 뺐습니다. 말씨 등급을 다시 읽으려면 한국어 높임법 판정을 다시 실행하세요.</translation>
    </message>
    <message>
      <source>{0} sentences in ¶{1} were edited since the run and are left out: run the honorifics judge again to read their levels.</source>
      <translation>¶{1}의 문장 {0}개가 실행 뒤에 고쳐져 목록에서 뺐습니다. 말씨 등급을 다시 읽으려면 한국어 높임법 판정을 다시 실행하세요.</translation>
    </message>
    <message>
      <source>Set the speaker…</source>
      <translation>화자 지정…</translation>
    </message>
  </context>
  <context>
    <name>Summaries</name>
    <message>
      <source>winner in each presentation order</source>
      <translation>제시 순서별 우승</translation>
    </message>
    <message>
      <source>position bias</source>
      <translation>위치 편향</translation>
    </message>
    <message>
      <source>overall (majority vote over paragraphs and orders)</source>
      <translation>종합 (문단과 제시 순서에 걸친 다수결)</translation>
    </message>
    <message>
      <source>DA-MQM per candidate (1–5; Honorifics is 5 without dialogue, not asked)</source>
      <translation>후보별 DA-MQM (1–5점; 대화가 없으면 높임법은 묻지 않고 5점)</translation>
    </message>
    <message>
      <source>findings per check</source>
      <translation>검사별 지적 수</translation>
    </message>
    <message>
      <source>BWS per candidate ((best − worst) / judgements)</source>
      <translation>후보별 BWS ((최선 − 최악) / 판정 수)</translation>
    </message>
    <message>
      <source>BWS order effects</source>
      <translation>BWS 제시 순서의 영향</translation>
    </message>
    <message>
      <source>SQM per candidate (0–6)</source>
      <translation>후보별 SQM (0–6점)</translation>
    </message>
    <message>
      <source>Reference metrics per candidate (TER: lower is better; [95% CI] over paragraphs)</source>
      <translation>후보별 참조 지표 (TER은 낮을수록 좋음; [문단에 걸친 95% 신뢰 구간])</translation>
    </message>
    <message>
      <source>pairwise overlap (row translation scored against column translation)</source>
      <translation>두 번역 사이의 겹침 (행의 번역을 열의 번역에 대어 잰 값)</translation>
    </message>
    <message>
      <source>MQM per candidate (paper: per sentence; GEMBA: per paragraph, capped)</source>
      <translation>후보별 MQM (논문 방식: 문장 단위; GEMBA 방식: 문단 단위, 상한 적용)</translation>
    </message>
    <message>
      <source>MQM errors per category</source>
      <translation>범주별 MQM 오류</translation>
    </message>
    <message>
      <source>questions</source>
      <translation>질문</translation>
    </message>
    <message>
      <source>score-based ranking: best per paragraph (mean Likert score)</source>
      <translation>점수 기반 순위: 문단별 최선 (리커트 점수 평균)</translation>
    </message>
    <message>
      <source>score-based ranking: overall (order-independent: each candidate scored alone)</source>
      <translation>점수 기반 순위: 전체 (순서와 무관: 후보마다 따로 채점)</translation>
    </message>
    <message>
      <source>score-based ranking (mean Likert score)</source>
      <translation>점수 기반 순위 (리커트 점수 평균)</translation>
    </message>
    <message>
      <source>speech levels</source>
      <translation>높임 등급</translation>
    </message>
    <message>
      <source>term renderings</source>
      <translation>용어 번역어</translation>
    </message>
    <message>
      <source>MAS-LitEval term renderings</source>
      <translation>MAS-LitEval 용어 번역어</translation>
    </message>
    <message>
      <source>candidate</source>
      <translation>후보</translation>
    </message>
    <message>
      <source>best</source>
      <translation>최선</translation>
    </message>
    <message>
      <source>worst</source>
      <translation>최악</translation>
    </message>
    <message>
      <source>best−worst</source>
      <translation>최선−최악</translation>
    </message>
    <message>
      <source>judgements</source>
      <translation>판정 수</translation>
    </message>
    <message>
      <source>normalised</source>
      <translation>정규화</translation>
    </message>
    <message>
      <source>best in first position</source>
      <translation>첫 자리에서 최선</translation>
    </message>
    <message>
      <source>passages</source>
      <translation>구간</translation>
    </message>
    <message>
      <source>best changed with order</source>
      <translation>순서에 따라 바뀐 최선</translation>
    </message>
    <message>
      <source>paragraphs</source>
      <translation>문단</translation>
    </message>
    <message>
      <source>mean</source>
      <translation>평균</translation>
    </message>
    <message>
      <source>min</source>
      <translation>최소</translation>
    </message>
    <message>
      <source>max</source>
      <translation>최대</translation>
    </message>
    <message>
      <source>axis</source>
      <translation>축</translation>
    </message>
    <message>
      <source>n</source>
      <translation>n</translation>
    </message>
    <message>
      <source>para</source>
      <translation>문단</translation>
    </message>
    <message>
      <source>best (ties: =)</source>
      <translation>최선 (동점: =)</translation>
    </message>
    <message>
      <source>rationale</source>
      <translation>근거</translation>
    </message>
    <message>
      <source>term</source>
      <translation>용어</translation>
    </message>
    <message>
      <source>renderings</source>
      <translation>번역어</translation>
    </message>
    <message>
      <source>consistent</source>
      <translation>일관됨</translation>
    </message>
    <message>
      <source>dialogue sentences</source>
      <translation>대화 문장</translation>
    </message>
    <message>
      <source>levels</source>
      <translation>높임 등급</translation>
    </message>
    <message>
      <source>overlap</source>
      <translation>겹침</translation>
    </message>
    <message>
      <source>syntactic sim.</source>
      <translation>통사 유사도</translation>
    </message>
    <message>
      <source>paper mean</source>
      <translation>논문 방식 평균</translation>
    </message>
    <message>
      <source>GEMBA mean</source>
      <translation>GEMBA 방식 평균</translation>
    </message>
    <message>
      <source>unlocated</source>
      <translation>위치 못 찾음</translation>
    </message>
    <message>
      <source>count</source>
      <translation>개수</translation>
    </message>
    <message>
      <source>weights</source>
      <translation>가중치</translation>
    </message>
    <message>
      <source>terms</source>
      <translation>용어</translation>
    </message>
    <message>
      <source>orders</source>
      <translation>순서 수</translation>
    </message>
    <message>
      <source>winner by order</source>
      <translation>순서별 승자</translation>
    </message>
    <message>
      <source>tally</source>
      <translation>집계</translation>
    </message>
    <message>
      <source>majority (ties: =)</source>
      <translation>다수결 (동점: =)</translation>
    </message>
    <message>
      <source>orders p</source>
      <translation>순서 수 p</translation>
    </message>
    <message>
      <source>paragraphs n</source>
      <translation>문단 수 n</translation>
    </message>
    <message>
      <source>failed rankings</source>
      <translation>실패한 순위 매김</translation>
    </message>
    <message>
      <source>meaning</source>
      <translation>뜻</translation>
    </message>
    <message>
      <source>place</source>
      <translation>순위</translation>
    </message>
    <message>
      <source>candidate(s)</source>
      <translation>후보</translation>
    </message>
    <message>
      <source>first-place votes</source>
      <translation>1위 표</translation>
    </message>
    <message>
      <source>mean score</source>
      <translation>평균 점수</translation>
    </message>
    <message>
      <source>T (our uniformity index)</source>
      <translation>T (LitLens 균일성 지수)</translation>
    </message>
    <message>
      <source>BLEU tokenizer</source>
      <translation>BLEU 토크나이저</translation>
    </message>
    <message>
      <source>names/terms</source>
      <translation>이름/용어</translation>
    </message>
    <message>
      <source>numbers</source>
      <translation>수</translation>
    </message>
    <message>
      <source>untranslated</source>
      <translation>번역 안 됨</translation>
    </message>
    <message>
      <source>doubled words</source>
      <translation>겹쳐 쓴 낱말</translation>
    </message>
    <message>
      <source>quotes/brackets</source>
      <translation>따옴표/괄호</translation>
    </message>
    <message>
      <source>length outliers</source>
      <translation>길이 이상</translation>
    </message>
    <message>
      <source>termbase</source>
      <translation>용어집</translation>
    </message>
    <message>
      <source>total</source>
      <translation>합계</translation>
    </message>
    <message>
      <source>Terminology consistency</source>
      <translation>용어 일관성</translation>
    </message>
    <message>
      <source>Narrative perspective</source>
      <translation>서술 시점</translation>
    </message>
    <message>
      <source>Stylistic fidelity</source>
      <translation>문체 충실도</translation>
    </message>
    <message>
      <source>yes</source>
      <translation>예</translation>
    </message>
    <message>
      <source>NO</source>
      <translation>아니요</translation>
    </message>
    <message>
      <source>speakers (LLM)</source>
      <translation>화자(LLM)</translation>
    </message>
    <message>
      <source>lines</source>
      <translation>대사</translation>
    </message>
    <message>
      <source>named</source>
      <translation>화자 지정</translation>
    </message>
    <message>
      <source>abstained</source>
      <translation>화자 불명</translation>
    </message>
    <message>
      <source>failed passages</source>
      <translation>실패한 단락</translation>
    </message>
    <message>
      <source>spelling and spacing</source>
      <translation>맞춤법과 띄어쓰기</translation>
    </message>
    <message>
      <source>spelling</source>
      <translation>맞춤법</translation>
    </message>
    <message>
      <source>spacing</source>
      <translation>띄어쓰기</translation>
    </message>
    <message>
      <source>words</source>
      <translation>어절 수</translation>
    </message>
  </context>
  <context>
    <name>TermTable</name>
    <message>
      <source>No term table yet. Run the Consistency or MAS-LitEval judge to see how names are rendered.</source>
      <translation>아직 용어 표가 없습니다. 이름을 어떻게 옮겼는지 보려면 일관성 검사나 MAS-LitEval 평가기를 실행하세요.</translation>
    </message>
    <message>
      <source>Term / rendering</source>
      <translation>용어 / 번역어</translation>
    </message>
    <message>
      <source>Count</source>
      <translation>횟수</translation>
    </message>
    <message>
      <source>Candidate</source>
      <translation>후보</translation>
    </message>
    <message>
      <source>“{0}” is rendered {1} different ways</source>
      <translation>“{0}”을(를) {1}가지로 다르게 옮겼습니다</translation>
    </message>
    <message>
      <source>{0} located occurrence; click to go to it</source>
      <translation>위치를 찾은 경우 {0}개. 클릭하면 그곳을 보여 줍니다</translation>
    </message>
    <message>
      <source>{0} located occurrences; click to step through them</source>
      <translation>위치를 찾은 경우 {0}개. 클릭하면 차례로 보여 줍니다</translation>
    </message>
    <message>
      <source>no located occurrence</source>
      <translation>위치를 찾은 경우 없음</translation>
    </message>
  </context>
  <context>
    <name>TermsView</name>
    <message>
      <source>Source term</source>
      <translation>원문 용어</translation>
    </message>
    <message>
      <source>Target term</source>
      <translation>번역 용어</translation>
    </message>
    <message>
      <source>Status</source>
      <translation>상태</translation>
    </message>
    <message>
      <source>Note</source>
      <translation>메모</translation>
    </message>
    <message>
      <source>Open…</source>
      <translation>열기…</translation>
    </message>
    <message>
      <source>Save</source>
      <translation>저장</translation>
    </message>
    <message>
      <source>Save as…</source>
      <translation>다른 이름으로 저장…</translation>
    </message>
    <message>
      <source>Add the names found</source>
      <translation>찾은 이름 추가</translation>
    </message>
    <message>
      <source>The names and key terms the consistency judge found in this translation: the most frequent rendering preferred, other spellings forbidden. Terms already here are left alone.</source>
      <translation>일관성 검사가 이 번역에서 찾은 이름과 핵심 용어를 추가합니다. 가장 많이 쓴 번역어는 권장, 다른 표기는 금지로 넣습니다. 이미 있는 용어는 그대로 둡니다.</translation>
    </message>
    <message>
      <source>Add row</source>
      <translation>행 추가</translation>
    </message>
    <message>
      <source>Remove row</source>
      <translation>행 삭제</translation>
    </message>
    <message>
      <source>Use for the next run</source>
      <translation>다음 실행에 사용</translation>
    </message>
    <message>
      <source>preferred</source>
      <translation>권장</translation>
    </message>
    <message>
      <source>allowed</source>
      <translation>허용</translation>
    </message>
    <message>
      <source>forbidden</source>
      <translation>금지</translation>
    </message>
    <message>
      <source>{0}: {1} entry.</source>
      <translation>{0}: 항목 {1}개.</translation>
    </message>
    <message>
      <source>{0}: {1} entries.</source>
      <translation>{0}: 항목 {1}개.</translation>
    </message>
    <message>
      <source>Saved {0} entry to {1}.</source>
      <translation>항목 {0}개를 {1}에 저장했습니다.</translation>
    </message>
    <message>
      <source>Saved {0} entries to {1}.</source>
      <translation>항목 {0}개를 {1}에 저장했습니다.</translation>
    </message>
    <message>
      <source>Run the consistency judge first: it finds the names and key terms.</source>
      <translation>먼저 일관성 검사를 실행하세요. 이름과 핵심 용어는 그 검사가 찾습니다.</translation>
    </message>
    <message>
      <source>a variant spelling the consistency judge found</source>
      <translation>일관성 검사가 찾은 다른 표기</translation>
    </message>
    <message>
      <source>{0} entry added from the names found in {1}.</source>
      <translation>{1}에서 찾은 이름으로 항목 {0}개를 추가했습니다.</translation>
    </message>
    <message>
      <source>{0} entries added from the names found in {1}.</source>
      <translation>{1}에서 찾은 이름으로 항목 {0}개를 추가했습니다.</translation>
    </message>
    <message>
      <source>The consistency judge will enforce {0} in the next run.</source>
      <translation>다음 실행에서 일관성 검사가 {0}을(를) 적용합니다.</translation>
    </message>
    <message>
      <source>Open a termbase</source>
      <translation>용어집 열기</translation>
    </message>
    <message>
      <source>Termbases (*.tbx *.csv *.tsv *.xlsx)</source>
      <translation>용어집 (*.tbx *.csv *.tsv *.xlsx)</translation>
    </message>
    <message>
      <source>Save the termbase</source>
      <translation>용어집 저장</translation>
    </message>
    <message>
      <source>Termbase</source>
      <translation>용어집</translation>
    </message>
  </context>
  <context>
    <name>PairLayout</name>
    <message>
      <source>Source</source>
      <translation>원문</translation>
    </message>
    <message>
      <source>(no matching paragraph)</source>
      <translation>(대응하는 문단 없음)</translation>
    </message>
  </context>
  <context>
    <name>Learning</name>
    <message>
      <source>critical</source>
      <translation>치명</translation>
    </message>
    <message>
      <source>major</source>
      <translation>중대</translation>
    </message>
    <message>
      <source>minor</source>
      <translation>경미</translation>
    </message>
    <message>
      <source>Your examples</source>
      <translation>내 예시</translation>
    </message>
    <message>
      <source>Grammatical register</source>
      <translation>문법적 격식(높임법)</translation>
    </message>
    <message>
      <source>None yet. Findings you accept, correct or add while reviewing appear here.</source>
      <translation>아직 없습니다. 검토하면서 수락·수정·추가한 지적이 여기에 나타납니다.</translation>
    </message>
    <message>
      <source>Accuracy</source>
      <translation>정확성</translation>
    </message>
    <message>
      <source>Addition</source>
      <translation>첨가</translation>
    </message>
    <message>
      <source>Omission</source>
      <translation>누락</translation>
    </message>
    <message>
      <source>Misnomer</source>
      <translation>지칭 오류</translation>
    </message>
    <message>
      <source>Mistranslation</source>
      <translation>오역</translation>
    </message>
    <message>
      <source>General</source>
      <translation>일반</translation>
    </message>
    <message>
      <source>Overly literal</source>
      <translation>지나친 직역</translation>
    </message>
    <message>
      <source>Temporal effect</source>
      <translation>시대적 효과</translation>
    </message>
    <message>
      <source>Untranslated</source>
      <translation>번역 안 됨</translation>
    </message>
    <message>
      <source>Fluency</source>
      <translation>유창성</translation>
    </message>
    <message>
      <source>Punctuation/Spelling</source>
      <translation>문장부호/맞춤법</translation>
    </message>
    <message>
      <source>Grammar</source>
      <translation>문법</translation>
    </message>
    <message>
      <source>Inconsistency</source>
      <translation>모순</translation>
    </message>
    <message>
      <source>Coherence</source>
      <translation>응집성</translation>
    </message>
    <message>
      <source>Style</source>
      <translation>문체</translation>
    </message>
    <message>
      <source>Awkwardness</source>
      <translation>어색함</translation>
    </message>
    <message>
      <source>Register</source>
      <translation>격식 수준</translation>
    </message>
    <message>
      <source>Inconsistent</source>
      <translation>불일치</translation>
    </message>
    <message>
      <source>Unidiomatic</source>
      <translation>부자연스러운 표현</translation>
    </message>
    <message>
      <source>Terminology</source>
      <translation>용어</translation>
    </message>
    <message>
      <source>Locale convention</source>
      <translation>지역 관례</translation>
    </message>
    <message>
      <source>Location format</source>
      <translation>주소·이름 형식</translation>
    </message>
    <message>
      <source>Number format</source>
      <translation>숫자 형식</translation>
    </message>
    <message>
      <source>Other</source>
      <translation>기타</translation>
    </message>
    <message>
      <source>Non-translation</source>
      <translation>번역 안 됨</translation>
    </message>
    <message>
      <source>The translation does not say what the source says.</source>
      <translation>번역이 원문의 뜻을 전하지 못합니다.</translation>
    </message>
    <message>
      <source>The translation contains content that is not in the source.</source>
      <translation>원문에 없는 내용이 번역에 들어 있습니다.</translation>
    </message>
    <message>
      <source>Content of the source is missing from the translation (quote the missing source text).</source>
      <translation>원문의 내용이 번역에서 빠졌습니다(빠진 원문을 인용하세요).</translation>
    </message>
    <message>
      <source>The translation is more or less specific than the source.</source>
      <translation>번역이 원문보다 더 구체적이거나 덜 구체적입니다.</translation>
    </message>
    <message>
      <source>The translation does not represent the source correctly.</source>
      <translation>번역이 원문을 올바르게 나타내지 못합니다.</translation>
    </message>
    <message>
      <source>A wrong rendering in the target language, e.g. the wrong word, or a false friend (a word that looks alike in both languages but means something else).</source>
      <translation>도착어에서 잘못 옮긴 경우입니다. 예를 들어 틀린 낱말이나, 두 언어에서 비슷해 보이지만 뜻이 다른 '가짜 친구'를 쓴 경우입니다.</translation>
    </message>
    <message>
      <source>Idioms, sentences or structures carried over word for word.</source>
      <translation>관용구, 문장, 구조를 낱말 그대로 옮겼습니다.</translation>
    </message>
    <message>
      <source>Historical features of the language (spelling, meaning, word forms) rendered in a way that makes the translation inaccurate.</source>
      <translation>언어의 역사적 특징(철자, 뜻, 낱말 형태)을 옮긴 방식 때문에 번역이 부정확해졌습니다.</translation>
    </message>
    <message>
      <source>A stretch of text that should have been translated was left out of the target content or left in the source language.</source>
      <translation>번역해야 할 대목이 도착 텍스트에서 빠졌거나 원문 언어 그대로 남았습니다.</translation>
    </message>
    <message>
      <source>Problems with the translation as a text in its own language.</source>
      <translation>번역이 도착어의 글로서 지닌 문제입니다.</translation>
    </message>
    <message>
      <source>Punctuation missing or misused; misspelt words, including capitalisation and hyphenation.</source>
      <translation>문장부호가 빠졌거나 잘못 쓰였고, 대소문자와 붙임표를 포함해 철자가 틀렸습니다.</translation>
    </message>
    <message>
      <source>Grammar or syntax problems other than spelling, notably inconsistent tenses and conditionals.</source>
      <translation>철자 외의 문법이나 구문 문제, 특히 시제와 조건문이 일관되지 않은 경우입니다.</translation>
    </message>
    <message>
      <source>The text contradicts itself.</source>
      <translation>글이 스스로 모순됩니다.</translation>
    </message>
    <message>
      <source>The text is not clear, logical and consistent enough to be understood, e.g. a pronoun whose referent is unclear.</source>
      <translation>글이 이해될 만큼 명료하고 논리적이며 일관되지 않습니다. 예를 들어 가리키는 대상이 불분명한 대명사가 있습니다.</translation>
    </message>
    <message>
      <source>The translation is correct but reads badly for a literary text.</source>
      <translation>번역은 맞지만 문학 텍스트로서 읽기 어색합니다.</translation>
    </message>
    <message>
      <source>Wordiness or deeply embedded clauses, often from keeping the source's style where it does not fit.</source>
      <translation>말이 장황하거나 절이 깊이 얽혀 있습니다. 맞지 않는 자리에서도 원문 문체를 따른 탓인 경우가 많습니다.</translation>
    </message>
    <message>
      <source>More or less formal than the text or the language's conventions call for.</source>
      <translation>글이나 언어의 관례가 요구하는 것보다 더 격식적이거나 덜 격식적입니다.</translation>
    </message>
    <message>
      <source>The style changes within the text.</source>
      <translation>글 안에서 문체가 바뀝니다.</translation>
    </message>
    <message>
      <source>Grammatical but unnatural.</source>
      <translation>문법에는 맞지만 부자연스럽습니다.</translation>
    </message>
    <message>
      <source>Genre- or culture-specific terms handled wrongly.</source>
      <translation>장르나 문화에 고유한 용어를 잘못 다뤘습니다.</translation>
    </message>
    <message>
      <source>A genre- or culture-specific term rendered wrongly, or not as an expert would, causing a conceptual mismatch.</source>
      <translation>장르나 문화에 고유한 용어를 잘못 옮기거나 전문가답지 않게 옮겨 개념이 어긋납니다.</translation>
    </message>
    <message>
      <source>A term is not rendered the same way throughout the text.</source>
      <translation>한 용어를 글 전체에서 같은 방식으로 옮기지 않았습니다.</translation>
    </message>
    <message>
      <source>Formats that do not follow the target locale (not cultural adaptation).</source>
      <translation>도착 지역의 관례를 따르지 않은 형식입니다(문화적 각색은 해당하지 않습니다).</translation>
    </message>
    <message>
      <source>Wrong format for an address, a name and the like.</source>
      <translation>주소, 이름 등의 형식이 틀렸습니다.</translation>
    </message>
    <message>
      <source>Dates, times, currency or telephone numbers in a format unsuited to the locale.</source>
      <translation>날짜, 시간, 통화, 전화번호 형식이 해당 지역에 맞지 않습니다.</translation>
    </message>
    <message>
      <source>A problem that none of the other categories covers.</source>
      <translation>다른 어느 범주에도 들지 않는 문제입니다.</translation>
    </message>
    <message>
      <source>A whole sentence so garbled that its individual errors cannot be identified reliably.</source>
      <translation>문장 전체가 너무 엉망이어서 개별 오류를 믿을 만하게 가려낼 수 없습니다.</translation>
    </message>
    <message>
      <source>Stops the reader from understanding what the text says.</source>
      <translation>독자가 글의 내용을 이해하지 못하게 만듭니다.</translation>
    </message>
    <message>
      <source>Disturbs the reading, although what the text is trying to say can still be understood.</source>
      <translation>읽기를 방해하지만 글이 말하려는 바는 여전히 이해할 수 있습니다.</translation>
    </message>
    <message>
      <source>Strictly an error, but neither disturbs the reading nor hinders understanding.</source>
      <translation>엄밀히는 오류이지만 읽기를 방해하지도, 이해를 가로막지도 않습니다.</translation>
    </message>
    <message>
      <source>Historical and Cultural Context</source>
      <translation>역사적·문화적 맥락</translation>
    </message>
    <message>
      <source>Imagery and Descriptive Quality</source>
      <translation>심상과 묘사의 질</translation>
    </message>
    <message>
      <source>Character Voice, Tone, and Individuality</source>
      <translation>인물의 목소리, 어조, 개성</translation>
    </message>
    <message>
      <source>Interpersonal Communication and Hierarchy</source>
      <translation>대인 소통과 위계</translation>
    </message>
    <message>
      <source>Linguistic and Idiomatic Naturalness</source>
      <translation>언어적·관용적 자연스러움</translation>
    </message>
    <message>
      <source>Nuanced Interpretation including Subtle Implications</source>
      <translation>미묘한 함의를 포함한 섬세한 해석</translation>
    </message>
    <message>
      <source>Narrative Pacing and Rhythm</source>
      <translation>서사의 속도와 리듬</translation>
    </message>
    <message>
      <source>Affective and Stylistic Resonance</source>
      <translation>정서적·문체적 울림</translation>
    </message>
    <message>
      <source>Overall Consistency and Cohesion</source>
      <translation>전체적 일관성과 응집성</translation>
    </message>
    <message>
      <source>Does the translation carry the period, customs and references a reader of the original would recognise — without explaining them away or swapping in the target culture's own?</source>
      <translation>원문 독자가 알아볼 시대, 풍습, 지시 대상을 번역이 그대로 담고 있습니까? 풀어서 설명해 버리거나 도착 문화의 것으로 바꿔치기하지 않았습니까?</translation>
    </message>
    <message>
      <source>Are the pictures the writer paints still there: the same images, the same senses, the same degree of detail, rather than a flatter summary of them?</source>
      <translation>작가가 그린 그림이 그대로 남아 있습니까? 같은 이미지, 같은 감각, 같은 세밀함으로, 밋밋한 요약이 되지 않았습니까?</translation>
    </message>
    <message>
      <source>Does each character still sound like themselves — their age, class, temper and habits of speech — so that a line could be recognised without its speaker tag?</source>
      <translation>인물마다 나이, 계층, 성미, 말버릇이 살아 있어 누가 한 말인지 표시가 없어도 알아볼 수 있습니까?</translation>
    </message>
    <message>
      <source>Are the relationships between speakers right: who defers to whom, who is intimate, who keeps their distance? In Korean this is where speech levels and honorifics live.</source>
      <translation>화자 사이의 관계가 맞습니까? 누가 누구를 높이고, 누가 가깝고, 누가 거리를 두는지요. 한국어에서는 말 단계와 높임법이 여기에 속합니다.</translation>
    </message>
    <message>
      <source>Does the text read as if written in the target language, with its idioms and word order, rather than as a trace of the source's grammar?</source>
      <translation>원문 문법의 흔적이 아니라 처음부터 도착어로 쓴 글처럼 관용구와 어순이 자연스럽게 읽힙니까?</translation>
    </message>
    <message>
      <source>Are irony, understatement, double meanings and what is left unsaid kept, rather than spelt out or lost?</source>
      <translation>반어, 절제된 표현, 중의성, 말하지 않고 남긴 것이 풀어 쓰이거나 사라지지 않고 남아 있습니까?</translation>
    </message>
    <message>
      <source>Do sentences keep their length, breath and rhythm, so the story slows and speeds up where the original does?</source>
      <translation>문장의 길이와 호흡과 리듬이 살아 있어 원문이 느려지고 빨라지는 곳에서 이야기도 그렇게 흐릅니까?</translation>
    </message>
    <message>
      <source>Does the passage move the reader the way the original does — the same mood, warmth, menace or humour?</source>
      <translation>대목이 원문처럼 독자를 움직입니까? 같은 분위기, 따뜻함, 위협감, 유머가 있습니까?</translation>
    </message>
    <message>
      <source>Are names, terms, tenses and style kept the same throughout, and do the parts still hold together as one text?</source>
      <translation>이름, 용어, 시제, 문체가 처음부터 끝까지 같게 유지되고, 부분들이 한 편의 글로 이어집니까?</translation>
    </message>
    <message>
      <source>The most formal polite style (-(스)ㅂ니다, -(스)ㅂ니까, -(으)십시오). Used to strangers, superiors and audiences; in fiction it marks distance, ceremony or a servant's deference.</source>
      <translation>가장 격식 있는 높임 문체(-(스)ㅂ니다, -(스)ㅂ니까, -(으)십시오)입니다. 낯선 사람, 윗사람, 청중에게 쓰며, 소설에서는 거리감이나 의례, 하인의 공손함을 나타냅니다.</translation>
    </message>
    <message>
      <source>The everyday polite style (-아요/-어요, -죠). Warm but respectful: what most adults use with people they do not know well or who are older.</source>
      <translation>일상적인 높임 문체(-아요/-어요, -죠)입니다. 따뜻하지만 예의를 갖춘 말로, 대부분의 어른이 잘 모르는 사람이나 손윗사람에게 씁니다.</translation>
    </message>
    <message>
      <source>An old-fashioned, semi-formal style (-오, -소, -구려). Today it sounds dated or bookish; in fiction it gives a character an older, sometimes stiff dignity.</source>
      <translation>예스러운 반격식 문체(-오, -소, -구려)입니다. 오늘날에는 낡거나 글말처럼 들리며, 소설에서는 인물에게 나이 든, 때로는 딱딱한 위엄을 줍니다.</translation>
    </message>
    <message>
      <source>A style an older or senior person uses to a grown-up junior or a younger friend (-네, -게, -는가). Familiar but not rude; it signals seniority with goodwill.</source>
      <translation>나이 든 사람이나 윗사람이 장성한 아랫사람이나 손아래 벗에게 쓰는 문체(-네, -게, -는가)입니다. 허물없지만 무례하지 않으며, 호의 어린 윗사람의 위치를 드러냅니다.</translation>
    </message>
    <message>
      <source>The plain style (-다, -냐, -라). It is the voice of written narration, and in speech it talks down: to children, close juniors, or in anger.</source>
      <translation>평범한 문체(-다, -냐, -라)입니다. 글로 쓴 서술의 목소리이며, 말에서는 아이, 가까운 아랫사람에게나 화가 났을 때 낮춰 말하는 투입니다.</translation>
    </message>
    <message>
      <source>Intimate speech, 반말 (-아/-어, -지, -ㄹ게). Between close friends and family, or from an elder to a child; used to the wrong person it is rude.</source>
      <translation>친밀한 말, 반말(-아/-어, -지, -ㄹ게)입니다. 가까운 친구와 가족 사이, 또는 어른이 아이에게 쓰며, 엉뚱한 사람에게 쓰면 무례합니다.</translation>
    </message>
  </context>
  <context>
    <name>Scores</name>
    <message>
      <source>Lexical Choice</source>
      <translation>어휘 선택</translation>
    </message>
    <message>
      <source>Honorifics</source>
      <translation>높임법</translation>
    </message>
    <message>
      <source>Syntax &amp; Grammar</source>
      <translation>구문과 문법</translation>
    </message>
    <message>
      <source>Content Accuracy</source>
      <translation>내용 정확성</translation>
    </message>
    <message>
      <source>MQM (paper, per sentence)</source>
      <translation>MQM (논문 방식, 문장 단위)</translation>
    </message>
    <message>
      <source>MQM (GEMBA, capped)</source>
      <translation>MQM (GEMBA 방식, 상한 적용)</translation>
    </message>
    <message>
      <source>Lexical overlap (BLEU)</source>
      <translation>어휘 겹침 (BLEU)</translation>
    </message>
    <message>
      <source>Syntactic similarity to source</source>
      <translation>원문과의 통사 유사도</translation>
    </message>
    <message>
      <source>honorific consistency</source>
      <translation>높임법 일관성</translation>
    </message>
    <message>
      <source>Terminology consistency</source>
      <translation>용어 일관성</translation>
    </message>
    <message>
      <source>Narrative perspective</source>
      <translation>서술 시점</translation>
    </message>
    <message>
      <source>Stylistic fidelity</source>
      <translation>문체 충실도</translation>
    </message>
    <message>
      <source>failed</source>
      <translation>실패</translation>
    </message>
    <message>
      <source>{0}: {1:g} on {2:g}–{3:g}</source>
      <translation>{0}: {1:g}점 ({2:g}–{3:g} 척도)</translation>
    </message>
  </context>
  <context>
    <name>Languages</name>
    <message>
      <source>English</source>
      <translation>영어</translation>
    </message>
    <message>
      <source>Korean</source>
      <translation>한국어</translation>
    </message>
    <message>
      <source>Japanese</source>
      <translation>일본어</translation>
    </message>
    <message>
      <source>Chinese</source>
      <translation>중국어</translation>
    </message>
    <message>
      <source>German</source>
      <translation>독일어</translation>
    </message>
    <message>
      <source>French</source>
      <translation>프랑스어</translation>
    </message>
    <message>
      <source>Spanish</source>
      <translation>스페인어</translation>
    </message>
    <message>
      <source>Italian</source>
      <translation>이탈리아어</translation>
    </message>
    <message>
      <source>Portuguese</source>
      <translation>포르투갈어</translation>
    </message>
    <message>
      <source>Russian</source>
      <translation>러시아어</translation>
    </message>
    <message>
      <source>Dutch</source>
      <translation>네덜란드어</translation>
    </message>
    <message>
      <source>Polish</source>
      <translation>폴란드어</translation>
    </message>
    <message>
      <source>Czech</source>
      <translation>체코어</translation>
    </message>
    <message>
      <source>Swedish</source>
      <translation>스웨덴어</translation>
    </message>
    <message>
      <source>Turkish</source>
      <translation>튀르키예어</translation>
    </message>
    <message>
      <source>Ukrainian</source>
      <translation>우크라이나어</translation>
    </message>
    <message>
      <source>Arabic</source>
      <translation>아랍어</translation>
    </message>
    <message>
      <source>Hebrew</source>
      <translation>히브리어</translation>
    </message>
  </context>
  <context>
    <name>JudgeReasons</name>
    <message>
      <source>The Korean honorifics judge reads Korean texts, and no text in this project is Korean.</source>
      <translation>한국어 높임법 평가기는 한국어 텍스트를 읽습니다. 이 프로젝트에는 한국어 텍스트가 없습니다.</translation>
    </message>
    <message>
      <source>The Korean spelling judge reads Korean translations, and no translation in this project is Korean.</source>
      <translation>한국어 맞춤법 평가기는 한국어 번역문을 읽는데, 이 프로젝트에는 한국어 번역문이 없습니다.</translation>
    </message>
  </context>
  <context>
    <name>Explanations</name>
    <message>
      <source>{speaker} speaks{to} in {expected_style} in this turn{example}, but this sentence ends in {ending}, which is {style}. Within one speech a speaker does not normally jump between {expected_register} and {register}. Unless the switch is meant (sudden anger, a joke, a change in the relationship), end this sentence in {expected} too.</source>
      <translation>이 발화에서 {speaker}의 말은 {to}{expected_style}인데{example}, 이 문장은 {ending}로 끝나 {style}입니다. 한 사람이 한 번 말하는 동안에는 보통 {expected_register}과 {register} 사이를 오가지 않습니다. 일부러 바꾼 것(갑작스러운 분노, 농담, 관계의 변화)이 아니라면 이 문장도 {expected}로 끝맺으세요.</translation>
    </message>
    <message>
      <source>{speaker} addresses {listener} in {usual_style} in paragraph {paragraph}, but here speaks to {listener} in {style}. Korean readers hear the speech level as part of the relationship, so a change like this says that the relationship itself changed. If nothing in the story explains it, keep {speaker}'s speech to {listener} in {usual}. (Speaker found: {speaker_how}; listener: {listener_how}.)</source>
      <translation>{speaker}의 경우, {paragraph}번째 문단에서는 {listener}에게 {usual_style}로 말하는데 여기서는 {listener}에게 {style}로 말합니다. 한국어 독자는 높임 등급을 관계의 일부로 듣기 때문에, 이런 변화는 관계 자체가 바뀌었다는 뜻이 됩니다. 이야기 속에 이를 설명할 만한 일이 없다면 {listener}에게 하는 {speaker}의 말을 {usual}로 유지하세요. (화자를 판단한 근거: {speaker_how}; 청자: {listener_how}.)</translation>
    </message>
    <message>
      <source>In the {lines} lines around this one whose speaker is named, {a} and {b} speak to each other in {usual_style}, but this line, whose speaker the text leaves unnamed, is in {style}. Whichever of them says it, it is not how they speak to each other. Unless someone else speaks here or the relationship changes, end it in {usual}.</source>
      <translation>이 대사 앞뒤로 화자가 밝혀진 {lines}줄에서 {a}, {b} 두 사람은 서로 {usual_style}로 말합니다. 그런데 화자가 밝혀지지 않은 이 대사는 {style}입니다. 둘 중 누가 말하든 두 사람이 서로 말하는 방식이 아닙니다. 다른 사람이 말하는 것이거나 관계가 바뀌는 대목이 아니라면 {usual}로 끝맺으세요.</translation>
    </message>
    <message>
      <source>The narration is written in {expected_style} ({sentences} sentences), but this narration sentence ends in {ending}, which is {style}. It sounds as if the narrator suddenly turned to talk to the reader. Keep the narrator's voice in one level: end it in {expected}.</source>
      <translation>서술은 {sentences}문장에 걸쳐 {expected_style}로 쓰였는데, 이 서술 문장은 {ending}로 끝나 {style}입니다. 서술자가 갑자기 독자에게 말을 거는 것처럼 들립니다. 서술자의 목소리를 한 등급으로 유지하도록 이 문장도 {expected}로 끝맺으세요.</translation>
    </message>
    <message>
      <source>Use {expected}.</source>
      <translation>{expected}로 바꾸세요.</translation>
    </message>
    <message>
      <source>The speaker</source>
      <translation>화자</translation>
    </message>
    <message>
      <source>This speaker</source>
      <translation>이 화자</translation>
    </message>
    <message>
      <source>the same listener</source>
      <translation>같은 청자</translation>
    </message>
    <message>
      <source> to {listener}</source>
      <translation>{listener}에게 하는 </translation>
    </message>
    <message>
      <source>, e.g. {ending}</source>
      <translation>(예: {ending})</translation>
    </message>
    <message>
      <source>‘{ending}’ ({morpheme})</source>
      <translation>‘{ending}’의 {morpheme} 어미</translation>
    </message>
    <message>
      <source>its ending</source>
      <translation>그 어미</translation>
    </message>
    <message>
      <source>from the narration</source>
      <translation>서술</translation>
    </message>
    <message>
      <source>from context</source>
      <translation>문맥</translation>
    </message>
    <message>
      <source>the formal polite style (하십시오체)</source>
      <translation>격식을 갖춘 높임 문체(하십시오체)</translation>
    </message>
    <message>
      <source>the informal polite style (해요체)</source>
      <translation>격식을 덜 갖춘 높임 문체(해요체)</translation>
    </message>
    <message>
      <source>the old-fashioned semi-formal style (하오체)</source>
      <translation>예스러운 반격식 문체(하오체)</translation>
    </message>
    <message>
      <source>the familiar style used to a junior or a younger friend (하게체)</source>
      <translation>아랫사람이나 손아래 벗에게 쓰는 허물없는 문체(하게체)</translation>
    </message>
    <message>
      <source>the plain style (해라체: the '-다' of written prose, and of talking down)</source>
      <translation>평범한 문체(해라체: 글로 쓴 산문의 '-다'이자 낮춰 말하는 말투)</translation>
    </message>
    <message>
      <source>intimate 반말 (해체)</source>
      <translation>친밀한 반말(해체)</translation>
    </message>
    <message>
      <source>no clear speech level</source>
      <translation>높임 등급이 분명하지 않은 문체</translation>
    </message>
    <message>
      <source>존댓말 (honorific speech)</source>
      <translation>존댓말(높임말)</translation>
    </message>
    <message>
      <source>반말 (non-honorific speech)</source>
      <translation>반말(높이지 않는 말)</translation>
    </message>
    <message>
      <source>semi-formal speech</source>
      <translation>반격식의 말</translation>
    </message>
    <message>
      <source>subject of the speech verb after the quote ({who})</source>
      <translation>인용문 뒤에 오는 말하기 동사의 주어({who})</translation>
    </message>
    <message>
      <source>subject of the speech verb before the quote ({who})</source>
      <translation>인용문 앞에 오는 말하기 동사의 주어({who})</translation>
    </message>
    <message>
      <source>{who} acts just before the quote</source>
      <translation>인용문 바로 앞에서 행동하는 인물 {who}</translation>
    </message>
    <message>
      <source>그/그녀 acting just before the quote, read as {who} named before it</source>
      <translation>인용문 바로 앞에서 행동하는 ‘그/그녀’, 곧 그 앞에 이름이 나온 {who}</translation>
    </message>
    <message>
      <source>{who}, named in the narration just before</source>
      <translation>바로 앞 서술에 이름이 나온 {who}</translation>
    </message>
    <message>
      <source>{who} acts right after the quote</source>
      <translation>인용문 바로 뒤에서 행동하는 인물 {who}</translation>
    </message>
    <message>
      <source>the English source gives this line to '{label}', as it does {who}'s other lines</source>
      <translation>영어 원문이 이 대사를 '{label}'의 말로 보며, {who}의 다른 대사도 그렇게 봄</translation>
    </message>
    <message>
      <source>continues {who}'s speech in the same paragraph</source>
      <translation>같은 문단에서 이어지는 {who}의 말</translation>
    </message>
    <message>
      <source>two people talk in this scene; the line before was {who}'s</source>
      <translation>이 장면에서는 두 사람이 대화하며, 앞 대사는 {who}의 말임</translation>
    </message>
    <message>
      <source>two people talk in this scene; the next line is {who}'s</source>
      <translation>이 장면에서는 두 사람이 대화하며, 다음 대사는 {who}의 말임</translation>
    </message>
    <message>
      <source>그/그녀 is the subject of the speech verb; the only person it can be here is {who}</source>
      <translation>말하기 동사의 주어가 ‘그/그녀’이며, 여기서 그렇게 가리킬 수 있는 사람은 {who}뿐임</translation>
    </message>
    <message>
      <source>{who} acts at the end of the paragraph before, and this paragraph opens with the line</source>
      <translation>앞 문단 끝에서 {who}이(가) 행동하고, 이 문단이 대사로 시작함</translation>
    </message>
    <message>
      <source>two people talk in this scene; the line addresses {addressed}, so {who} says it</source>
      <translation>이 장면에서는 두 사람이 대화하며, 대사가 {addressed}을(를) 부르므로 {who}의 말임</translation>
    </message>
    <message>
      <source>{who} speaks at the end of the paragraph before, and this paragraph opens with the line</source>
      <translation>앞 문단 끝에서 {who}이(가) 말을 꺼내고, 이 문단이 대사로 시작함</translation>
    </message>
    <message>
      <source>{who} speaks at the start of the paragraph after the line</source>
      <translation>대사 다음 문단 첫머리에서 {who}이(가) 말함</translation>
    </message>
    <message>
      <source>{who} is the one acting in the paragraph before, which this line follows</source>
      <translation>바로 앞 문단에서 행동하는 사람은 {who}뿐이며, 이 대사가 그 뒤에 옴</translation>
    </message>
    <message>
      <source>{silent} keeps silent, so {who} goes on speaking</source>
      <translation>{silent}이(가) 말이 없으므로 {who}이(가) 말을 이어 감</translation>
    </message>
    <message>
      <source>a reply to {speaker}, who was speaking to {who}</source>
      <translation>{who}에게 말하던 {speaker}에 대한 대답</translation>
    </message>
    <message>
      <source>the next line, {speaker}'s, answers {who}</source>
      <translation>다음 대사({speaker})가 {who}에게 대답함</translation>
    </message>
    <message>
      <source>{who} and {other} take turns here, and the lines' clues agree on which turns are {who}'s</source>
      <translation>{who}와(과) {other}이(가) 번갈아 말하며, 대사들의 단서가 어느 차례가 {who}의 것인지에 일치함</translation>
    </message>
    <message>
      <source>speaker unknown: nothing in the text says who speaks this line</source>
      <translation>화자 미상: 누가 이 대사를 하는지 본문에 드러나지 않음</translation>
    </message>
    <message>
      <source>speaker unknown: the evidence pointed to {who}, but the line addresses {who}</source>
      <translation>화자 미상: 단서는 {who}을(를) 가리켰지만 대사가 {who}을(를) 부름</translation>
    </message>
    <message>
      <source>speaker unknown: the evidence points both to {who} and to {other}</source>
      <translation>화자 미상: 단서가 {who}와(과) {other}를(을) 함께 가리킴</translation>
    </message>
    <message>
      <source>speaker unknown: the only evidence ({how}) is too weak to name {who}</source>
      <translation>화자 미상: 유일한 단서({how})가 {who}(으)로 단정하기에는 약함</translation>
    </message>
    <message>
      <source>named with 에게/께/한테 in the narration</source>
      <translation>서술에서 ‘에게/께/한테’가 붙어 나온 사람</translation>
    </message>
    <message>
      <source>the person acted on or toward just before the quote</source>
      <translation>인용문 바로 앞에서 행동의 대상이 된 사람</translation>
    </message>
    <message>
      <source>addressed as {vocative} in the quote</source>
      <translation>인용문 속 호칭 ‘{vocative}’</translation>
    </message>
    <message>
      <source>the other person in this two-person scene</source>
      <translation>두 사람만 있는 이 장면의 다른 한 사람</translation>
    </message>
    <message>
      <source>the other person in this two-person scene (addressed as {vocative})</source>
      <translation>두 사람만 있는 이 장면의 다른 한 사람(호칭 ‘{vocative}’)</translation>
    </message>
    <message>
      <source>{who} speaks the neighbouring line</source>
      <translation>이웃한 대사를 말하는 {who}</translation>
    </message>
    <message>
      <source>The name/term “{term}” is written “{rendering}” here but “{main}” elsewhere ({times}). A reader may think these are different people or things; pick one spelling.</source>
      <translation>이름·용어 “{term}”의 표기가 여기서는 “{rendering}”인데 다른 곳에서는 “{main}”입니다({times} 나옴). 독자가 서로 다른 사람이나 사물로 여길 수 있으니 한 가지 표기로 통일하세요.</translation>
    </message>
    <message>
      <source>once</source>
      <translation>1번</translation>
    </message>
    <message>
      <source>{count} times</source>
      <translation>{count}번</translation>
    </message>
    <message>
      <source>The termbase marks “{term}” as a forbidden rendering of “{source}”. Use “{preferred}” instead.</source>
      <translation>용어집은 “{term}”을(를) “{source}”의 금지된 번역어로 정해 두었습니다. 대신 “{preferred}”을(를) 쓰세요.</translation>
    </message>
    <message>
      <source>The termbase marks “{term}” as a forbidden rendering of “{source}”.</source>
      <translation>용어집은 “{term}”을(를) “{source}”의 금지된 번역어로 정해 두었습니다.</translation>
    </message>
    <message>
      <source>The source says “{source}” here, but the translation has none of the renderings the termbase gives for it ({renderings}). Use “{preferred}” unless the sentence leaves the term out on purpose.</source>
      <translation>원문의 이 자리에는 “{source}”이(가) 나오는데, 번역에는 용어집이 정한 번역어({renderings})가 하나도 없습니다. 일부러 뺀 것이 아니라면 “{preferred}”을(를) 쓰세요.</translation>
    </message>
    <message>
      <source>“{rendering}” looks like a spelling of “{preferred}”, the termbase's rendering of “{source}”, but the termbase does not list it. Use “{preferred}”, or add this spelling to the termbase as allowed.</source>
      <translation>“{rendering}”은(는) 용어집이 “{source}”의 번역어로 정한 “{preferred}”의 다른 표기로 보이지만 용어집에 없는 표기입니다. “{preferred}”을(를) 쓰거나, 이 표기를 허용 표기로 용어집에 추가하세요.</translation>
    </message>
    <message>
      <source>The translation says {value} here, but the source paragraph has {missing}. Check that the number was carried over correctly.</source>
      <translation>번역의 이 자리에 있는 수는 {value}인데, 원문 문단에 있는 수는 {missing}입니다. 수가 제대로 옮겨졌는지 확인하세요.</translation>
    </message>
    <message>
      <source>The translation says {value} here, but no such number is in the source paragraph. It may have been added.</source>
      <translation>번역의 이 자리에 있는 수는 {value}인데, 원문 문단에는 그런 수가 없습니다. 번역에서 덧붙였을 수 있습니다.</translation>
    </message>
    <message>
      <source>The source paragraph mentions {missing}, which does not appear in this translated paragraph. The number may have been left out.</source>
      <translation>원문 문단에 나오는 수({missing})가 이 번역 문단에는 없습니다. 수를 빠뜨렸을 수 있습니다.</translation>
    </message>
    <message>
      <source>{values} and {more:,} more</source>
      <translation>{values} 외 {more:,}개</translation>
    </message>
    <message>
      <source>This paragraph is about {factor:.1f}× shorter than this translation's usual length ratio to the source (robust z = {z:.1f}). Part of the source may have been left out.</source>
      <translation>이 문단은 이 번역이 원문에 대해 보통 보이는 길이 비율보다 약 {factor:.1f}배 짧습니다(강건 z 점수 = {z:.1f}). 원문의 일부가 빠졌을 수 있습니다.</translation>
    </message>
    <message>
      <source>This paragraph is about {factor:.1f}× longer than this translation's usual length ratio to the source (robust z = {z:.1f}). Something may have been added.</source>
      <translation>이 문단은 이 번역이 원문에 대해 보통 보이는 길이 비율보다 약 {factor:.1f}배 깁니다(강건 z 점수 = {z:.1f}). 원문에 없는 내용이 덧붙었을 수 있습니다.</translation>
    </message>
    <message>
      <source>This paragraph has no counterpart in the source. It may have been added.</source>
      <translation>이 문단에는 대응하는 원문 문단이 없습니다. 번역에서 덧붙였을 수 있습니다.</translation>
    </message>
    <message>
      <source>“{quote}” is still in the source language. Unless it is meant to stay foreign, translate it.</source>
      <translation>“{quote}” 부분이 아직 원문 언어로 남아 있습니다. 일부러 외국어로 남긴 것이 아니라면 번역하세요.</translation>
    </message>
    <message>
      <source>“{quote}” is still in the source language (copied from the source paragraph). Unless it is meant to stay foreign, translate it.</source>
      <translation>“{quote}” 부분이 아직 원문 언어로 남아 있습니다(원문 문단에서 그대로 옮겨 왔습니다). 일부러 외국어로 남긴 것이 아니라면 번역하세요.</translation>
    </message>
    <message>
      <source>“{quote}” is still in the source language (it is copied from the source paragraph). Unless it is meant to stay foreign, translate it.</source>
      <translation>“{quote}” 부분이 아직 원문 언어로 남아 있습니다(원문 문단에서 그대로 옮겨 왔습니다). 일부러 외국어로 남긴 것이 아니라면 번역하세요.</translation>
    </message>
    <message>
      <source>“{word}” is written twice in a row. This is usually a typing slip; delete one.</source>
      <translation>같은 낱말(“{word}”)을 두 번 연달아 썼습니다. 대개 타자 실수이니 하나를 지우세요.</translation>
    </message>
    <message>
      <source>“{mark}” is opened here and never closed in this paragraph. Check where the quotation or bracket should start and end.</source>
      <translation>여기서 연 부호(“{mark}”)가 이 문단 안에서 닫히지 않습니다. 인용이나 괄호가 어디서 시작하고 어디서 끝나야 하는지 확인하세요.</translation>
    </message>
    <message>
      <source>“{mark}” closes something that was never opened in this paragraph. Check where the quotation or bracket should start and end.</source>
      <translation>이 부호(“{mark}”)는 이 문단에서 열린 적이 없는 것을 닫고 있습니다. 인용이나 괄호가 어디서 시작하고 어디서 끝나야 하는지 확인하세요.</translation>
    </message>
    <message>
      <source>There is an odd number of straight quotes (") in this paragraph; one is unpaired. Check where the quotation or bracket should start and end.</source>
      <translation>이 문단에는 곧은 따옴표(")가 홀수 개 있어 하나는 짝이 없습니다. 인용이나 괄호가 어디서 시작하고 어디서 끝나야 하는지 확인하세요.</translation>
    </message>
    <message>
      <source>terms found by spaCy NER (pipeline {model})</source>
      <translation>spaCy 개체명 인식으로 찾은 용어(파이프라인 {model})</translation>
    </message>
    <message>
      <source>terms found by the rule-based fallback: no spaCy pipeline named (option spacy_model)</source>
      <translation>규칙 기반 대체 방식으로 찾은 용어: 지정한 spaCy 파이프라인 없음(옵션 spacy_model)</translation>
    </message>
    <message>
      <source>terms found by the rule-based fallback: no spaCy pipeline {model} installed</source>
      <translation>규칙 기반 대체 방식으로 찾은 용어: spaCy 파이프라인 {model}이(가) 설치되어 있지 않음</translation>
    </message>
    <message>
      <source>terms found by the rule-based fallback: no spaCy pipeline {model} installed (`litlens models install {language}` installs it)</source>
      <translation>규칙 기반 대체 방식으로 찾은 용어: spaCy 파이프라인 {model}이(가) 설치되어 있지 않음 (`litlens models install {language}`로 설치할 수 있음)</translation>
    </message>
    <message>
      <source>terms found by the rule-based fallback: no spaCy pipeline {model} with a named-entity recogniser installed</source>
      <translation>규칙 기반 대체 방식으로 찾은 용어: spaCy 파이프라인 {model}에 개체명 인식기가 없음</translation>
    </message>
    <message>
      <source>{note}; {how}</source>
      <translation>{note}; 참고: {how}</translation>
    </message>
    <message>
      <source>words from {analyser}</source>
      <translation>{analyser}로 찾은 낱말</translation>
    </message>
    <message>
      <source>{analyser} is not installed, so only katakana names were looked for and Han-script words were not ({install})</source>
      <translation>{analyser}이(가) 설치되어 있지 않아 가타카나 이름만 찾았고 한자 낱말은 찾지 않았음({install})</translation>
    </message>
    <message>
      <source>untranslated text not checked: no word frequencies for {source} or {target}</source>
      <translation>번역되지 않은 텍스트는 검사하지 않음: {source} 또는 {target}의 낱말 빈도 자료 없음</translation>
    </message>
    <message>
      <source>This paragraph has no translation (omitted?); {outcome}.</source>
      <translation>이 문단에는 번역이 없습니다(빠뜨렸나요?). {outcome}.</translation>
    </message>
    <message>
      <source>This paragraph has no source paragraph (added?); {outcome}.</source>
      <translation>이 문단에는 대응하는 원문 문단이 없습니다(덧붙였나요?). {outcome}.</translation>
    </message>
    <message>
      <source>not scored</source>
      <translation>점수를 매기지 않았습니다</translation>
    </message>
    <message>
      <source>no questions answered</source>
      <translation>답한 질문이 없습니다</translation>
    </message>
    <message>
      <source>no words</source>
      <translation>낱말이 없음</translation>
    </message>
    <message>
      <source>noun + -요 addressed to 그대/당신/임자 reads as 하오체 -오</source>
      <translation>그대/당신/임자에게 하는 ‘명사 + -요’는 하오체의 -오로 읽음</translation>
    </message>
    <message>
      <source>the sentence closes with the polite particle 요</source>
      <translation>문장이 높임의 보조사 ‘요’로 끝남</translation>
    </message>
    <message>
      <source>no verb ending (a fragment or an exclamation)</source>
      <translation>용언의 어미가 없음(문장 조각이거나 감탄)</translation>
    </message>
    <message>
      <source>the sentence stops on a noun-forming ending (a fragment)</source>
      <translation>문장이 명사형·관형사형 어미에서 멈춤(문장 조각)</translation>
    </message>
    <message>
      <source>the last ending is followed by other words</source>
      <translation>마지막 어미 뒤에 다른 말이 이어짐</translation>
    </message>
    <message>
      <source>the sentence stops on a connective ending</source>
      <translation>문장이 연결 어미에서 멈춤</translation>
    </message>
    <message>
      <source>이- + -오 contracted to -요 is 하오체</source>
      <translation>이- + -오가 줄어든 -요는 하오체임</translation>
    </message>
    <message>
      <source>다오 is the order of 달다 (give me), said at 해라체</source>
      <translation>다오는 '달다'의 명령형으로 해라체임</translation>
    </message>
    <message>
      <source>the ending -{form} is not one the analyser knows</source>
      <translation>-{form} 어미는 분석기가 아는 어미가 아님</translation>
    </message>
    <message>
      <source>-게 in a question ('…하게?') is 해체</source>
      <translation>의문문('…하게?')의 -게는 해체임</translation>
    </message>
    <message>
      <source>-{form} beside 자네/여보게 is 하게체</source>
      <translation>자네/여보게와 함께 쓰인 -{form} 어미는 하게체임</translation>
    </message>
    <message>
      <source>-{form} in a turn whose other sentences are 하게체</source>
      <translation>같은 발화의 다른 문장들이 하게체라서 -{form} 어미도 하게체로 읽음</translation>
    </message>
    <message>
      <source>-요 addressed to 그대/당신/임자 reads as 하오체 -오</source>
      <translation>그대/당신/임자에게 하는 -요는 하오체의 -오로 읽음</translation>
    </message>
    <message>
      <source>{note} ({used} of Kiwi's {count})</source>
      <translation>{note}(키위 형태소 분석 {count}개 중 {used})</translation>
    </message>
    <message>
      <source>the best analysis</source>
      <translation>가장 유력한 분석</translation>
    </message>
    <message>
      <source>an alternative analysis</source>
      <translation>다른 후보 분석</translation>
    </message>
    <message>
      <source>Kiwi returned no analysis</source>
      <translation>키위 형태소 분석기가 분석 결과를 내놓지 않음</translation>
    </message>
    <message>
      <source>{form} (subject-honorific)</source>
      <translation>{form}(주체 높임)</translation>
    </message>
    <message>
      <source>{form} (honorific-particle)</source>
      <translation>{form}(높임 조사)</translation>
    </message>
    <message>
      <source>{form} (honorific-suffix)</source>
      <translation>{form}(높임 접미사)</translation>
    </message>
    <message>
      <source>{form} (lexical-honorific)</source>
      <translation>{form}(높임 어휘)</translation>
    </message>
    <message>
      <source>{form} (humble)</source>
      <translation>{form}(겸양 표현)</translation>
    </message>
    <message>
      <source>The analyser finds no clear speech level here ({evidence}).</source>
      <translation>분석기가 이 문장에서 분명한 높임 등급을 찾지 못했습니다({evidence}).</translation>
    </message>
    <message>
      <source>no final ending</source>
      <translation>종결 어미 없음</translation>
    </message>
    <message>
      <source>{level}: the sentence ends in “{ending}” ({morpheme}).</source>
      <translation>{level}: 이 문장은 “{ending}”({morpheme})에서 끝납니다.</translation>
    </message>
    <message>
      <source>{level}: the sentence ends in “{ending}”.</source>
      <translation>{level}: 이 문장은 “{ending}”에서 끝납니다.</translation>
    </message>
    <message>
      <source>Honorific markers: {markers}.</source>
      <translation>높임 표현: {markers}.</translation>
    </message>
    <message>
      <source>Evidence: {evidence}.</source>
      <translation>근거: {evidence}.</translation>
    </message>
    <message>
      <source>The analyser is unsure (confidence {confidence:.2f}), so this one is not graded.</source>
      <translation>분석기가 확신하지 못하므로(신뢰도 {confidence:.2f}) 이 문장은 채점하지 않습니다.</translation>
    </message>
    <message>
      <source>Right.</source>
      <translation>맞았습니다.</translation>
    </message>
    <message>
      <source>You passed.</source>
      <translation>답하지 않고 넘어갔습니다.</translation>
    </message>
    <message>
      <source>You said {answer}.</source>
      <translation>고른 답은 {answer}입니다.</translation>
    </message>
    <message>
      <source>Write “{right}” for “{quote}”. {reason}</source>
      <translation>고칠 말: “{quote}” → “{right}”. {reason}</translation>
    </message>
    <message>
      <source>The written form is a common misspelling of the standard one.</source>
      <translation>쓰인 형태는 표준 표기를 흔히 잘못 쓰는 꼴입니다.</translation>
    </message>
    <message>
      <source>A sentence cannot end on the bare stem 되: 돼 contracts 되어.</source>
      <translation>문장은 어간 ‘되’만으로 끝날 수 없습니다. ‘돼’는 ‘되어’의 준말입니다.</translation>
    </message>
    <message>
      <source>The negative adverb before a verb is 안; after a verb's -지 the negative is 않다.</source>
      <translation>용언 앞에서 부정하는 부사는 ‘안’이고, 용언의 ‘-지’ 뒤에서는 ‘않다’를 씁니다.</translation>
    </message>
    <message>
      <source>Meaning 'as' (a person or role) the particle is (으)로서; 'by means of' it is (으)로써.</source>
      <translation>자격(사람이나 역할)을 나타낼 때는 ‘(으)로서’, 수단을 나타낼 때는 ‘(으)로써’를 씁니다.</translation>
    </message>
    <message>
      <source>-든지 offers a choice; -던지 recalls the past (얼마나 울었던지).</source>
      <translation>‘-든지’는 선택을, ‘-던지’는 지난 일의 회상을 나타냅니다(얼마나 울었던지).</translation>
    </message>
    <message>
      <source>After the bound noun 수 the verb is 있다, with ㅆ.</source>
      <translation>의존 명사 ‘수’ 뒤의 용언은 ㅆ 받침의 ‘있다’입니다.</translation>
    </message>
    <message>
      <source>With this object the verb is another one (담배를 피우다, 우표를 붙이다, 모습을 드러내다).</source>
      <translation>이 목적어에 어울리는 동사는 다른 말입니다(담배를 피우다, 우표를 붙이다, 모습을 드러내다).</translation>
    </message>
    <message>
      <source>'On purpose' is 일부러.</source>
      <translation>‘고의로’라는 뜻의 말은 ‘일부러’입니다.</translation>
    </message>
    <message>
      <source>Kiwi's typo model reads this word as a slip for the suggested one.</source>
      <translation>Kiwi의 오타 모델은 이 낱말을 제안한 말의 오타로 읽습니다.</translation>
    </message>
    <message>
      <source>A bound noun (수, 것, 줄, 지, 만큼…) or a noun of time after a modifier is written apart from it.</source>
      <translation>의존 명사(수, 것, 줄, 지, 만큼…)나 꾸밈을 받는 시간 명사는 앞말과 띄어 씁니다.</translation>
    </message>
    <message>
      <source>A counter (개, 마리, 살, 시…) is written apart from a numeral spelt in Hangul.</source>
      <translation>단위를 나타내는 명사(개, 마리, 살, 시…)는 한글로 쓴 수와 띄어 씁니다.</translation>
    </message>
    <message>
      <source>The auxiliary verb of -고 있다, -고 싶다, -지 않다 is written apart.</source>
      <translation>‘-고 있다’, ‘-고 싶다’, ‘-지 않다’의 보조 용언은 띄어 씁니다.</translation>
    </message>
    <message>
      <source>A particle is written together with the word before it.</source>
      <translation>조사는 앞말에 붙여 씁니다.</translation>
    </message>
    <message>
      <source>The copula 이다 is written together with the noun before it.</source>
      <translation>서술격 조사 ‘이다’는 앞의 명사에 붙여 씁니다.</translation>
    </message>
    <message>
      <source>-하다 is written together with its noun (대답하다).</source>
      <translation>‘-하다’는 그 명사에 붙여 씁니다(대답하다).</translation>
    </message>
    <message>
      <source>This is one word in the dictionary (그날, 어젯밤, 말없이, 스물한).</source>
      <translation>사전에 한 낱말로 오른 말입니다(그날, 어젯밤, 말없이, 스물한).</translation>
    </message>
    <message>
      <source>A conjunctive adverb (그러나, 그래서) or the negative 안 is a word of its own, written apart.</source>
      <translation>접속 부사(그러나, 그래서)나 부정의 ‘안’은 한 낱말이므로 띄어 씁니다.</translation>
    </message>
    <message>
      <source>-ㅂ시다 is listed for 하오할 자리, though many speakers use it with 하십시오체</source>
      <translation>-ㅂ시다는 사전에 하오할 자리에 쓰는 어미로 올라 있으나, 하십시오체와 함께 쓰는 사람도 많음</translation>
    </message>
    <message>
      <source>-읍시다 is listed for 하오할 자리</source>
      <translation>-읍시다는 사전에 하오할 자리에 쓰는 어미로 올라 있음</translation>
    </message>
    <message>
      <source>-ㅂ디다 reports what one saw, at 하오체</source>
      <translation>-ㅂ디다는 자신이 본 것을 하오체로 전하는 어미임</translation>
    </message>
    <message>
      <source>-ㅂ디까 asks what one saw, at 하오체</source>
      <translation>-ㅂ디까는 상대가 본 것을 하오체로 묻는 어미임</translation>
    </message>
    <message>
      <source>-(스)ㅂ니다 is the formal polite statement</source>
      <translation>-(스)ㅂ니다는 격식을 갖춘 높임의 평서형 어미임</translation>
    </message>
    <message>
      <source>-(스)ㅂ니까 is the formal polite question</source>
      <translation>-(스)ㅂ니까는 격식을 갖춘 높임의 의문형 어미임</translation>
    </message>
    <message>
      <source>-(으)십시오 is the formal polite command</source>
      <translation>-(으)십시오는 격식을 갖춘 높임의 명령형 어미임</translation>
    </message>
    <message>
      <source>-나이다 is an archaic formal polite ending</source>
      <translation>-나이다는 예스러운 격식 높임 어미임</translation>
    </message>
    <message>
      <source>-소서 is an archaic, very deferential request</source>
      <translation>-소서는 예스럽고 매우 공손하게 바라는 어미임</translation>
    </message>
    <message>
      <source>-옵니다 is a humble formal polite ending</source>
      <translation>-옵니다는 자신을 낮추는 격식 높임 어미임</translation>
    </message>
    <message>
      <source>-죠 is the polite -지요</source>
      <translation>-죠는 높임의 -지요가 줄어든 말임</translation>
    </message>
    <message>
      <source>an ending closed by -요 is informal polite</source>
      <translation>-요로 끝나는 어미는 격식을 덜 갖춘 높임말임</translation>
    </message>
    <message>
      <source>-구려 is an exclamation at 하오체</source>
      <translation>-구려는 하오체의 감탄형 어미임</translation>
    </message>
    <message>
      <source>-구료 is an exclamation at 하오체</source>
      <translation>-구료는 하오체의 감탄형 어미임</translation>
    </message>
    <message>
      <source>-(으)ㄴ가 asks a question at 하게체</source>
      <translation>-(으)ㄴ가는 하게체로 묻는 어미임</translation>
    </message>
    <message>
      <source>-는가 asks a question at 하게체</source>
      <translation>-는가는 하게체로 묻는 어미임</translation>
    </message>
    <message>
      <source>-던가 asks about the past at 하게체</source>
      <translation>-던가는 지난 일을 하게체로 묻는 어미임</translation>
    </message>
    <message>
      <source>-은가 asks a question at 하게체</source>
      <translation>-은가는 하게체로 묻는 어미임</translation>
    </message>
    <message>
      <source>-ㄹ게 promises at 해체</source>
      <translation>-ㄹ게는 해체로 약속하는 어미임</translation>
    </message>
    <message>
      <source>-ㄹ세 states something at 하게체</source>
      <translation>-ㄹ세는 하게체로 어떤 사실을 서술하는 어미임</translation>
    </message>
    <message>
      <source>-ㅁ세 promises at 하게체</source>
      <translation>-ㅁ세는 하게체로 약속하는 어미임</translation>
    </message>
    <message>
      <source>-게나 urges at 하게체</source>
      <translation>-게나는 하게체로 권하는 어미임</translation>
    </message>
    <message>
      <source>-세나 proposes at 하게체</source>
      <translation>-세나는 하게체로 함께 하자고 제안하는 어미임</translation>
    </message>
    <message>
      <source>-구먼 is used at 해체 and at 하게체</source>
      <translation>-구먼은 해체에도 하게체에도 쓰임</translation>
    </message>
    <message>
      <source>-구만 is used at 해체 and at 하게체</source>
      <translation>-구만은 해체에도 하게체에도 쓰임</translation>
    </message>
    <message>
      <source>-구나 is an exclamation at 해라체</source>
      <translation>-구나는 해라체의 감탄형 어미임</translation>
    </message>
    <message>
      <source>-자꾸나 proposes warmly at 해라체</source>
      <translation>-자꾸나는 해라체로 다정하게 함께 하자고 제안하는 어미임</translation>
    </message>
    <message>
      <source>-군 is an exclamation at 해체 (also heard at 하게체)</source>
      <translation>-군은 해체의 감탄형 어미임(하게체에서도 쓰임)</translation>
    </message>
    <message>
      <source>-느냐 asks at 해라체</source>
      <translation>-느냐는 해라체로 묻는 어미임</translation>
    </message>
    <message>
      <source>-(으)냐 asks at 해라체</source>
      <translation>-(으)냐는 해라체로 묻는 어미임</translation>
    </message>
    <message>
      <source>-니 asks at 해라체</source>
      <translation>-니는 해라체로 묻는 어미임</translation>
    </message>
    <message>
      <source>-렴 asks gently at 해라체</source>
      <translation>-렴은 해라체로 부드럽게 시키는 어미임</translation>
    </message>
    <message>
      <source>-려무나 asks gently at 해라체</source>
      <translation>-려무나는 해라체로 부드럽게 시키는 어미임</translation>
    </message>
    <message>
      <source>-더라 recalls at 해라체</source>
      <translation>-더라는 겪은 일을 떠올려 해라체로 전하는 어미임</translation>
    </message>
    <message>
      <source>-(어)라 commands at 해라체</source>
      <translation>-(어)라는 해라체의 명령형 어미임</translation>
    </message>
    <message>
      <source>-(으)마 promises at 해라체</source>
      <translation>-(으)마는 해라체로 약속하는 어미임</translation>
    </message>
    <message>
      <source>-리다 promises at 하오체</source>
      <translation>-리다는 하오체로 약속하는 어미임</translation>
    </message>
    <message>
      <source>-다 is the plain statement</source>
      <translation>-다는 해라체의 평서형 어미임</translation>
    </message>
    <message>
      <source>-자 proposes at 해라체</source>
      <translation>-자는 해라체의 청유형 어미임</translation>
    </message>
    <message>
      <source>-소 is the 하오체 ending after a consonant or -었-/-겠-</source>
      <translation>-소는 받침이나 -었-/-겠- 뒤에 쓰는 하오체 어미임</translation>
    </message>
    <message>
      <source>-(으)오 is the 하오체 ending</source>
      <translation>-(으)오는 하오체 어미임</translation>
    </message>
    <message>
      <source>-우 is a colloquial 하오체 ending</source>
      <translation>-우는 입말에서 쓰는 하오체 어미임</translation>
    </message>
    <message>
      <source>-세 proposes at 하게체</source>
      <translation>-세는 하게체의 청유형 어미임</translation>
    </message>
    <message>
      <source>-(ㄴ)다네 passes something on at 하게체</source>
      <translation>-(ㄴ)다네는 하게체로 어떤 사실을 일러 주는 어미임</translation>
    </message>
    <message>
      <source>-네 exclaims at 해체, or states at 하게체</source>
      <translation>-네는 해체에서는 감탄을, 하게체에서는 서술을 나타냄</translation>
    </message>
    <message>
      <source>-게 commands at 하게체</source>
      <translation>-게는 하게체의 명령형 어미임</translation>
    </message>
    <message>
      <source>-나 asks at 하게체 (also a musing question at 해체)</source>
      <translation>-나는 하게체로 묻는 어미임(해체에서 혼잣말처럼 묻는 데에도 쓰임)</translation>
    </message>
    <message>
      <source>-(는)데 left open is 해체</source>
      <translation>-(는)데로 끝내고 말을 잇지 않으면 해체임</translation>
    </message>
    <message>
      <source>-지 is a 해체 ending</source>
      <translation>-지는 해체 어미임</translation>
    </message>
    <message>
      <source>-야 is a 해체 ending</source>
      <translation>-야는 해체 어미임</translation>
    </message>
    <message>
      <source>-거든 is a 해체 ending</source>
      <translation>-거든은 해체 어미임</translation>
    </message>
    <message>
      <source>-잖아 is a 해체 ending</source>
      <translation>-잖아는 해체 어미임</translation>
    </message>
    <message>
      <source>-ㄹ래 is a 해체 ending</source>
      <translation>-ㄹ래는 해체 어미임</translation>
    </message>
    <message>
      <source>-ㄹ까 asks at 해체</source>
      <translation>-ㄹ까는 해체로 묻는 어미임</translation>
    </message>
    <message>
      <source>-래 reports at 해체</source>
      <translation>-래는 남의 말을 해체로 전하는 어미임</translation>
    </message>
    <message>
      <source>-대 reports at 해체</source>
      <translation>-대는 남의 말을 해체로 전하는 어미임</translation>
    </message>
    <message>
      <source>-어/-아 is the basic 해체 ending</source>
      <translation>-어/-아는 해체의 기본 어미임</translation>
    </message>
    <message>
      <source>-여 is the 해체 ending after 하-</source>
      <translation>-여는 하- 뒤에 오는 해체 어미임</translation>
    </message>
    <message>
      <source>a sentence left on -고 is 해체</source>
      <translation>-고에서 말을 멈춘 문장은 해체임</translation>
    </message>
    <message>
      <source>a sentence left on -니까 is 해체</source>
      <translation>-니까에서 말을 멈춘 문장은 해체임</translation>
    </message>
    <message>
      <source>-옵니까 is a humble formal polite question</source>
      <translation>-옵니까는 자신을 낮추는 격식 높임의 의문형 어미임</translation>
    </message>
    <message>
      <source>the reviewer set the speaker: {who}</source>
      <translation>검토자가 화자를 지정함: {who}</translation>
    </message>
    <message>
      <source>speaker unknown: the reviewer set it so</source>
      <translation>화자 미상: 검토자가 그렇게 지정함</translation>
    </message>
    <message>
      <source>the LLM's reading of the scene gives this line to {who}</source>
      <translation>LLM이 장면을 읽고 이 대사를 {who}의 말로 봄</translation>
    </message>
    <message>
      <source>speaker unknown: the LLM was not asked about this line</source>
      <translation>화자 미상: 이 대사는 LLM에게 묻지 않음</translation>
    </message>
    <message>
      <source>speaker unknown: the LLM gives the lines of this turn to different people</source>
      <translation>화자 미상: LLM이 이 발화의 대사들을 서로 다른 사람에게 돌림</translation>
    </message>
    <message>
      <source>speaker unknown in the LLM's reading: {reason}</source>
      <translation>LLM 판독에서 화자 미상: {reason}</translation>
    </message>
    <message>
      <source>the LLM's reading of the scene</source>
      <translation>LLM의 장면 판독</translation>
    </message>
    <message>
      <source>set by the reviewer</source>
      <translation>검토자가 지정함</translation>
    </message>
    <message>
      <source>speaker unknown: the evidence pointed to {who}, but the line calls its listener {vocative}, which {who} would not say</source>
      <translation>화자 미상: 단서는 {who}을(를) 가리키지만, 대사가 청자를 {vocative}(이)라고 부르며 이는 {who}이(가) 쓰지 않는 호칭임</translation>
    </message>
    <message>
      <source>speaker unknown: the turns of the conversation point to {who}, but the line calls its listener {vocative}, as a child or a junior does</source>
      <translation>화자 미상: 대화의 차례는 {who}을(를) 가리키지만, 대사가 청자를 {vocative}(이)라고 부르며 이는 자식이나 아랫사람이 쓰는 호칭임</translation>
    </message>
    <message>
      <source>speaker unknown: the turns of the conversation point to {who}, but {who} comes in only after this line</source>
      <translation>화자 미상: 대화의 차례는 {who}을(를) 가리키지만, {who}은(는) 이 대사 뒤에야 장면에 들어옴</translation>
    </message>
    <message>
      <source>speaker unknown: {who} rests on one kind of evidence alone ({how}) and nothing else in the text agrees; that evidence alone named the wrong person too often on prose the rules had not seen</source>
      <translation>화자 미상: {who}의 근거가 한 종류뿐이고({how}) 본문의 다른 단서가 뒷받침하지 않음. 이 근거만으로는 규칙이 본 적 없는 글에서 다른 사람을 화자로 잘못 짚는 일이 잦았음</translation>
    </message>
    <message>
      <source>the English source says '{label}' speaks this line, and '{label}' is {who} in the translation</source>
      <translation>영어 원문은 이 대사를 '{label}'의 말로 보며, 번역문에서 '{label}'은(는) {who}임</translation>
    </message>
    <message>
      <source>the turns of the conversation around it, read as a whole, make it {who}'s</source>
      <translation>앞뒤 대사의 차례를 장면 전체로 읽으면 {who}의 대사임</translation>
    </message>
    <message>
      <source>the line speaks to several people at once (여러분, 너희, the plural 들)</source>
      <translation>여러 사람에게 한꺼번에 하는 말(여러분, 너희, 복수의 '들')</translation>
    </message>
    <message>
      <source>the line names its own speaker: {who}</source>
      <translation>대사가 스스로 화자를 밝힘: {who}</translation>
    </message>
    <message>
      <source>the paragraph after the line opens on {who} saying it, then on what followed</source>
      <translation>대사 다음 문단이 {who}이(가) 그 말을 하고 나서 일어난 일로 시작함(…하자)</translation>
    </message>
    <message>
      <source>the narration right after the line says who spoke: {who}</source>
      <translation>대사 바로 뒤 서술이 말한 사람을 밝힘: {who}</translation>
    </message>
    <message>
      <source>An ending is written together with its word (-자마자, -는지); only a bound noun is written apart.</source>
      <translation>어미는 앞말에 붙여 씁니다(-자마자, -는지). 띄어 쓰는 것은 의존 명사뿐입니다.</translation>
    </message>
    <message>
      <source>A noun is written apart from the word before it (했단 말이오, 사랑이란 말).</source>
      <translation>명사는 앞말과 띄어 씁니다(했단 말이오, 사랑이란 말).</translation>
    </message>
    <message>
      <source>Before an ending that starts with a consonant (-고, -겠-, -는, -면) the stem is 되; 돼 contracts 되어 and stands only where 되어 could.</source>
      <translation>자음으로 시작하는 어미(-고, -겠-, -는, -면) 앞에서는 어간 ‘되’를 씁니다. ‘돼’는 ‘되어’의 준말이라 ‘되어’가 올 자리에만 씁니다.</translation>
    </message>
  </context>
</TS>