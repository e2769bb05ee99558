"""Korean for the learning view: MQM category names and definitions, severities, VERSE categories and
their explanations, the speech levels' descriptions (read by make_ts.py)."""

LEARNING_KO = {
    'Addition':
        '첨가',
    'Omission':
        '누락',
    'Misnomer':
        '지칭 오류',
    'Mistranslation':
        '오역',
    'Overly literal':
        '지나친 직역',
    'Temporal effect':
        '시대적 효과',
    'Untranslated':
        '번역 안 됨',
    'Punctuation/Spelling':
        '문장부호/맞춤법',
    'Grammar':
        '문법',
    'Inconsistency':
        '모순',
    'Coherence':
        '응집성',
    'Awkwardness':
        '어색함',
    'Register':
        '격식 수준',
    'Inconsistent':
        '불일치',
    'Unidiomatic':
        '부자연스러운 표현',
    'Location format':
        '주소·이름 형식',
    'Number format':
        '숫자 형식',
    'The translation does not say what the source says.':
        '번역이 원문의 뜻을 전하지 못합니다.',
    'The translation contains content that is not in the source.':
        '원문에 없는 내용이 번역에 들어 있습니다.',
    'Content of the source is missing from the translation (quote the missing source text).':
        '원문의 내용이 번역에서 빠졌습니다(빠진 원문을 인용하세요).',
    'The translation is more or less specific than the source.':
        '번역이 원문보다 더 구체적이거나 덜 구체적입니다.',
    'The translation does not represent the source correctly.':
        '번역이 원문을 올바르게 나타내지 못합니다.',
    'A wrong rendering in the target language, e.g. the wrong word, or a false friend (a word that looks alike in both languages but means something else).':
        "도착어에서 잘못 옮긴 경우입니다. 예를 들어 틀린 낱말이나, 두 언어에서 비슷해 보이지만 뜻이 다른 '가짜 친구'를 쓴 경우입니다.",
    'Idioms, sentences or structures carried over word for word.':
        '관용구, 문장, 구조를 낱말 그대로 옮겼습니다.',
    'Historical features of the language (spelling, meaning, word forms) rendered in a way that makes the translation inaccurate.':
        '언어의 역사적 특징(철자, 뜻, 낱말 형태)을 옮긴 방식 때문에 번역이 부정확해졌습니다.',
    'A stretch of text that should have been translated was left out of the target content or left in the source language.':
        '번역해야 할 대목이 도착 텍스트에서 빠졌거나 원문 언어 그대로 남았습니다.',
    'Problems with the translation as a text in its own language.':
        '번역이 도착어의 글로서 지닌 문제입니다.',
    'Punctuation missing or misused; misspelt words, including capitalisation and hyphenation.':
        '문장부호가 빠졌거나 잘못 쓰였고, 대소문자와 붙임표를 포함해 철자가 틀렸습니다.',
    'Grammar or syntax problems other than spelling, notably inconsistent tenses and conditionals.':
        '철자 외의 문법이나 구문 문제, 특히 시제와 조건문이 일관되지 않은 경우입니다.',
    'The text contradicts itself.':
        '글이 스스로 모순됩니다.',
    'The text is not clear, logical and consistent enough to be understood, e.g. a pronoun whose referent is unclear.':
        '글이 이해될 만큼 명료하고 논리적이며 일관되지 않습니다. 예를 들어 가리키는 대상이 불분명한 대명사가 있습니다.',
    'The translation is correct but reads badly for a literary text.':
        '번역은 맞지만 문학 텍스트로서 읽기 어색합니다.',
    "Wordiness or deeply embedded clauses, often from keeping the source's style where it does not fit.":
        '말이 장황하거나 절이 깊이 얽혀 있습니다. 맞지 않는 자리에서도 원문 문체를 따른 탓인 경우가 많습니다.',
    "More or less formal than the text or the language's conventions call for.":
        '글이나 언어의 관례가 요구하는 것보다 더 격식적이거나 덜 격식적입니다.',
    'The style changes within the text.':
        '글 안에서 문체가 바뀝니다.',
    'Grammatical but unnatural.':
        '문법에는 맞지만 부자연스럽습니다.',
    'Genre- or culture-specific terms handled wrongly.':
        '장르나 문화에 고유한 용어를 잘못 다뤘습니다.',
    'A genre- or culture-specific term rendered wrongly, or not as an expert would, causing a conceptual mismatch.':
        '장르나 문화에 고유한 용어를 잘못 옮기거나 전문가답지 않게 옮겨 개념이 어긋납니다.',
    'A term is not rendered the same way throughout the text.':
        '한 용어를 글 전체에서 같은 방식으로 옮기지 않았습니다.',
    'Formats that do not follow the target locale (not cultural adaptation).':
        '도착 지역의 관례를 따르지 않은 형식입니다(문화적 각색은 해당하지 않습니다).',
    'Wrong format for an address, a name and the like.':
        '주소, 이름 등의 형식이 틀렸습니다.',
    'Dates, times, currency or telephone numbers in a format unsuited to the locale.':
        '날짜, 시간, 통화, 전화번호 형식이 해당 지역에 맞지 않습니다.',
    'A problem that none of the other categories covers.':
        '다른 어느 범주에도 들지 않는 문제입니다.',
    'A whole sentence so garbled that its individual errors cannot be identified reliably.':
        '문장 전체가 너무 엉망이어서 개별 오류를 믿을 만하게 가려낼 수 없습니다.',
    'Stops the reader from understanding what the text says.':
        '독자가 글의 내용을 이해하지 못하게 만듭니다.',
    'Disturbs the reading, although what the text is trying to say can still be understood.':
        '읽기를 방해하지만 글이 말하려는 바는 여전히 이해할 수 있습니다.',
    'Strictly an error, but neither disturbs the reading nor hinders understanding.':
        '엄밀히는 오류이지만 읽기를 방해하지도, 이해를 가로막지도 않습니다.',
    'Historical and Cultural Context':
        '역사적·문화적 맥락',
    'Imagery and Descriptive Quality':
        '심상과 묘사의 질',
    'Character Voice, Tone, and Individuality':
        '인물의 목소리, 어조, 개성',
    'Interpersonal Communication and Hierarchy':
        '대인 소통과 위계',
    'Linguistic and Idiomatic Naturalness':
        '언어적·관용적 자연스러움',
    'Nuanced Interpretation including Subtle Implications':
        '미묘한 함의를 포함한 섬세한 해석',
    'Narrative Pacing and Rhythm':
        '서사의 속도와 리듬',
    'Affective and Stylistic Resonance':
        '정서적·문체적 울림',
    'Overall Consistency and Cohesion':
        '전체적 일관성과 응집성',
    "Does the translation carry the period, customs and references a reader of the original would recognise — without explaining them away or swapping in the target culture's own?":
        '원문 독자가 알아볼 시대, 풍습, 지시 대상을 번역이 그대로 담고 있습니까? 풀어서 설명해 버리거나 도착 문화의 것으로 바꿔치기하지 않았습니까?',
    'Are the pictures the writer paints still there: the same images, the same senses, the same degree of detail, rather than a flatter summary of them?':
        '작가가 그린 그림이 그대로 남아 있습니까? 같은 이미지, 같은 감각, 같은 세밀함으로, 밋밋한 요약이 되지 않았습니까?',
    'Does each character still sound like themselves — their age, class, temper and habits of speech — so that a line could be recognised without its speaker tag?':
        '인물마다 나이, 계층, 성미, 말버릇이 살아 있어 누가 한 말인지 표시가 없어도 알아볼 수 있습니까?',
    'Are the relationships between speakers right: who defers to whom, who is intimate, who keeps their distance? In Korean this is where speech levels and honorifics live.':
        '화자 사이의 관계가 맞습니까? 누가 누구를 높이고, 누가 가깝고, 누가 거리를 두는지요. 한국어에서는 말 단계와 높임법이 여기에 속합니다.',
    "Does the text read as if written in the target language, with its idioms and word order, rather than as a trace of the source's grammar?":
        '원문 문법의 흔적이 아니라 처음부터 도착어로 쓴 글처럼 관용구와 어순이 자연스럽게 읽힙니까?',
    'Are irony, understatement, double meanings and what is left unsaid kept, rather than spelt out or lost?':
        '반어, 절제된 표현, 중의성, 말하지 않고 남긴 것이 풀어 쓰이거나 사라지지 않고 남아 있습니까?',
    'Do sentences keep their length, breath and rhythm, so the story slows and speeds up where the original does?':
        '문장의 길이와 호흡과 리듬이 살아 있어 원문이 느려지고 빨라지는 곳에서 이야기도 그렇게 흐릅니까?',
    'Does the passage move the reader the way the original does — the same mood, warmth, menace or humour?':
        '대목이 원문처럼 독자를 움직입니까? 같은 분위기, 따뜻함, 위협감, 유머가 있습니까?',
    'Are names, terms, tenses and style kept the same throughout, and do the parts still hold together as one text?':
        '이름, 용어, 시제, 문체가 처음부터 끝까지 같게 유지되고, 부분들이 한 편의 글로 이어집니까?',
    "The most formal polite style (-(스)ㅂ니다, -(스)ㅂ니까, -(으)십시오). Used to strangers, superiors and audiences; in fiction it marks distance, ceremony or a servant's deference.":
        '가장 격식 있는 높임 문체(-(스)ㅂ니다, -(스)ㅂ니까, -(으)십시오)입니다. 낯선 사람, 윗사람, 청중에게 쓰며, 소설에서는 거리감이나 의례, 하인의 공손함을 나타냅니다.',
    'The everyday polite style (-아요/-어요, -죠). Warm but respectful: what most adults use with people they do not know well or who are older.':
        '일상적인 높임 문체(-아요/-어요, -죠)입니다. 따뜻하지만 예의를 갖춘 말로, 대부분의 어른이 잘 모르는 사람이나 손윗사람에게 씁니다.',
    'An old-fashioned, semi-formal style (-오, -소, -구려). Today it sounds dated or bookish; in fiction it gives a character an older, sometimes stiff dignity.':
        '예스러운 반격식 문체(-오, -소, -구려)입니다. 오늘날에는 낡거나 글말처럼 들리며, 소설에서는 인물에게 나이 든, 때로는 딱딱한 위엄을 줍니다.',
    'A style an older or senior person uses to a grown-up junior or a younger friend (-네, -게, -는가). Familiar but not rude; it signals seniority with goodwill.':
        '나이 든 사람이나 윗사람이 장성한 아랫사람이나 손아래 벗에게 쓰는 문체(-네, -게, -는가)입니다. 허물없지만 무례하지 않으며, 호의 어린 윗사람의 위치를 드러냅니다.',
    'The plain style (-다, -냐, -라). It is the voice of written narration, and in speech it talks down: to children, close juniors, or in anger.':
        '평범한 문체(-다, -냐, -라)입니다. 글로 쓴 서술의 목소리이며, 말에서는 아이, 가까운 아랫사람에게나 화가 났을 때 낮춰 말하는 투입니다.',
    'Intimate speech, 반말 (-아/-어, -지, -ㄹ게). Between close friends and family, or from an elder to a child; used to the wrong person it is rude.':
        '친밀한 말, 반말(-아/-어, -지, -ㄹ게)입니다. 가까운 친구와 가족 사이, 또는 어른이 아이에게 쓰며, 엉뚱한 사람에게 쓰면 무례합니다.',
}
