/**
 * English UI strings: the source of truth for keys. Every other language must carry every key
 * (`bg.ts` is typed against this object, so a missing key fails the type check).
 * `{name}` marks a value filled in by `t()`.
 */
export const en = {
  'site.name': 'Important Advice',
  'site.description':
    'Short, playful advice for overthinkers: press a button, get a tip, feel a little lighter.',
  'site.logoLabel': 'Important Advice: home',
  'site.cardAlt': 'A yellow speech bubble with a star above the words: Hello, superstar. Important Advice.',
  'nav.switchTo': 'Read this page in Bulgarian',
  'nav.footer': 'Footer',
  'nav.mission': 'My Mission',
  'nav.blog': 'Blog',
  'nav.privacy': 'Privacy',
  'nav.skip': 'Skip to content',
  'nav.main': 'Main',
  'nav.tipsShort': 'Tips',
  'nav.today': 'Tip of the day',
  'footer.tagline': 'Made with care for people who think a little too much.',

  'home.metaTitle': 'Important Advice: a tip for every overthinker',
  'home.title': 'IMPORTANT ADVICE',
  'home.subtitle': 'HELLO, SUPERSTAR',
  'home.welcome':
    'Overthinking again? Press the button for a small piece of wisdom. It’s free, it’s fast, and it might be just what you needed to hear.',
  'home.blogTeaser': 'Want more than one sentence?',
  'home.blogLink': 'Read the blog',
  'home.todayLink': 'Tip of the day',
  'home.helpLink': 'Need help now?',

  'advice.button': 'GET WISDOM',
  'advice.loading': 'GENERATING...',
  'advice.region': 'Your advice',
  'advice.share': 'Share',
  'advice.copied': 'Link copied. Go spread the wisdom!',
  'advice.shared': 'Shared. Thank you for spreading the wisdom!',
  'advice.copyByHand': 'Copy this link by hand:',
  'advice.saveStory': 'Save a story picture',
  'advice.savePost': 'Save a post picture',
  'advice.shareFailed': 'Could not share this tip. The link is {url}',
  'advice.unavailable': 'The wisdom is stuck in traffic. Please try again in a moment.',
  'advice.keep': 'Keep',
  'advice.history': 'The tips you have seen',
  'advice.back': 'Earlier',
  'advice.forward': 'Newer',
  'advice.position': '{at} of {count}',
  'advice.noscript': 'The advice generator needs JavaScript. Meanwhile, here is one for free:',

  'help.label': 'Ways to get help now',
  'help.call112': 'Call 112',
  'help.children': 'Under 18 in Bulgaria: 116 111',
  'help.elsewhere': 'Helplines worldwide',

  'feedback.question': 'Like this advice?',
  'feedback.like': 'Like',
  'feedback.dislike': 'Dislike',
  'feedback.thanks': 'Respec.',

  'tip.metaTitle': '{text} | Important Advice',
  'tip.heading': 'A piece of important advice',
  'tip.another': 'Get another one',
  'tip.category': 'Category',
  'tip.related': 'More on this in the blog:',
  'tip.cardAlt': '“{text}” A tip about {category} from Important Advice.',

  'subscribe.title': 'Wisdom in your inbox',
  'subscribe.description':
    'Five short, kind course letters over 30 days, and any issue we send out meanwhile. Then we forget your address. No spam, no guilt trips. Unsubscribe any time.',
  'subscribe.label': 'Email address',
  'subscribe.placeholder': 'you@example.com',
  'subscribe.button': 'Subscribe',
  'subscribe.saving': 'Saving...',
  'subscribe.successTitle': 'Success!',
  'subscribe.success': 'A letter is on its way: one step left.',
  'subscribe.errorTitle': 'Email error',
  'subscribe.invalid': 'Please enter a valid email address',
  'subscribe.pendingTitle': 'Check your inbox',
  'subscribe.pending': 'We have already sent you a letter: check your inbox (and spam).',
  'subscribe.exists': 'This email is already subscribed!',
  'subscribe.rateLimited': 'Too many attempts. Please try again in an hour.',
  'subscribe.unexpected': 'An unexpected error occurred. Please try again.',
  'subscribe.noscript': 'Subscribing needs JavaScript, which is turned off in this browser.',
  'subscribe.errorGeneric': 'Error',

  'about.metaTitle': 'My Mission | Important Advice',
  'about.metaDescription': 'Why Important Advice exists: small, kind nudges for people who think too much.',
  'about.title': 'My Mission',
  'about.p1':
    'Important Advice started with a simple observation: most of us don’t need more information. We need a nudge. A small, kind sentence at the right moment that says, “Hey, you’re doing better than you think.”',
  'about.p2':
    'Overthinking is exhausting. It turns a text message into a mystery novel and a Tuesday into a trial. This site is a tiny antidote: press a button, get a tip, smile, and maybe put the phone down and drink some water.',
  'about.p3':
    'The tips are short on purpose. They’re written to be read in five seconds and remembered for the rest of the day. Some are silly, some are practical, and a few of the rare ones might surprise you.',
  'about.p4':
    'The blog goes a little deeper, with longer reflections on thinking, feeling and the way we talk to each other and to ourselves.',
  'about.crisisTitle': 'Need help right now?',
  'about.crisisCall':
    'If you’re in danger or thinking about hurting yourself, call {phone}, the free emergency number in Bulgaria and across the EU.',
  'about.crisisElsewhere':
    'Elsewhere, call your local emergency number, or find a free helpline in your country at {helplines}.',
  'about.crisisChildren':
    'Under 18 and in Bulgaria? The National Children’s Helpline, {phone}, is free, day and night.',
  'about.disclaimerTitle': 'A gentle disclaimer',
  'about.disclaimer':
    'Most of the tips here are playful and some are serious, but none of them replace professional help. If you’re struggling with your mental health, please reach out to a doctor, a therapist or a local helpline. You don’t have to wait until it feels unbearable to ask.',
  'about.back': 'Back to the advice',

  'blog.metaTitle': 'Blog | Important Advice',
  'blog.metaDescription': 'A collection of reflections on overthinking, kindness and the tone we set.',
  'blog.title': 'A collection of reflections',
  'blog.readMore': 'Read the article',
  'blog.back': 'Back to blog',
  'blog.relatedTips': 'Small tips to go with it',
  'blog.rss': 'RSS feed',
  'blog.cardAlt': '“{title}” An article about {category} on the Important Advice blog.',
  'blog.category.relationships': 'Relationships',
  'blog.category.productivity': 'Productivity',
  'blog.category.mentalHealth': 'Mental health',

  'rating.title': 'Rate this article',
  'rating.summary': 'Average rating: {average} out of 5',
  'rating.count.zero': 'No ratings yet',
  'rating.count.one': '{count} rating',
  'rating.count.other': '{count} ratings',
  'rating.stars.one': '{count} star',
  'rating.stars.other': '{count} stars',
  'rating.emailLabel': 'Your email (required, never shown)',
  'rating.emailHint': 'We keep only a one-way fingerprint of it, so everyone rates once.',
  'rating.submit': 'Send rating',
  'rating.sending': 'Sending...',
  'rating.emailRequired': 'Email is required to submit a rating',
  'rating.chooseStars': 'Please choose from 1 to 5 stars',
  'rating.thanks': 'Thank you for rating!',
  'rating.error': 'Error submitting rating',
  'rating.rateLimited': 'Too many ratings. Please try again later.',
  'rating.loading': 'Loading ratings...',
  'rating.unavailable': 'Ratings could not be loaded right now.',

  'comments.title': 'Comments',
  'comments.empty': 'No comments yet. Be the first!',
  'comments.formTitle': 'Leave a comment',
  'comments.name': 'Name',
  'comments.comment': 'Comment',
  'comments.email': 'Email (optional, never published)',
  'comments.honeypot': 'Leave this field empty',
  'comments.submit': 'Post comment',
  'comments.sending': 'Sending...',
  'comments.required': 'Please fill in your name and comment',
  'comments.nameRequired': 'Please fill in your name',
  'comments.commentRequired': 'Please write your comment',
  'comments.success': 'Comment submitted successfully!',
  'comments.held': 'Thank you! Your comment has a link, so it will appear after a quick review.',
  'comments.error': 'Error submitting comment',
  'comments.rateLimited': 'Too many comments. Please try again later.',
  'comments.loading': 'Loading comments...',
  'comments.noscript': 'Ratings and comments need JavaScript, which is turned off in this browser.',
  'comments.loadError': 'Comments could not be loaded.',
  'comments.retry': 'Try again',
  'comments.left.one': '{count} character left',
  'comments.left.other': '{count} characters left',
  'comments.over.one': '{count} character too many',
  'comments.over.other': '{count} characters too many',
  'comments.tooLong': 'Too long: please shorten it',
  'comments.nameTooLong': 'Your name can be at most 80 characters',
  'comments.commentTooLong': 'Your comment can be at most 2,000 characters',

  'donate.metaTitle': 'Support Us | Important Advice',
  'donate.metaDescription': 'Help keep Important Advice free, kind and ad-free.',
  'donate.title': 'Support Us',
  'donate.missionTitle': 'Why your support matters',
  'donate.mission':
    'Important Advice is free, has no ads and never sells anyone’s data. A small donation helps us keep it that way and keep writing.',
  'donate.goalsTitle': 'What your support makes possible',
  'donate.goal1Title': 'Quality Content',
  'donate.goal1': 'Thoughtful tips and articles, written and checked by people, in English and in Bulgarian.',
  'donate.goal2Title': 'Community',
  'donate.goal2': 'A calm corner of the internet where people can share, comment and feel less alone.',
  'donate.choose': 'Choose Donation Amount',
  'donate.tierCoffee': 'Coffee',
  'donate.tierLunch': 'Lunch',
  'donate.tierBig': 'Big Support',
  'donate.notice': 'Online payments aren’t open yet. Thank you for wanting to help!',
  'donate.note': 'Every donation, big or small, is welcome and deeply appreciated.',

  'privacy.metaTitle': 'Privacy policy | Important Advice',
  'privacy.metaDescription':
    'What Important Advice collects, why, how long it is kept and what your rights are.',
  'privacy.title': 'Privacy policy',
  'privacy.updated': 'Last updated: {date}',
  'privacy.intro.title': 'Introduction',
  'privacy.intro.body':
    'Important Advice respects your privacy. This policy explains what information we collect when you use the site, why we collect it, how long we keep it and what you can ask us to do with it. We collect as little as we can.',
  'privacy.collect.title': 'Information we collect',
  'privacy.collect.analytics':
    'Analytics: anonymous usage data such as pages viewed, buttons pressed and time spent, with IP addresses anonymized.',
  'privacy.collect.email':
    'Email: the address you give us when you subscribe to the newsletter, rate an article or choose to add it to a comment.',
  'privacy.collect.device':
    'Device: browser type, screen size and language, used to display the site properly.',
  'privacy.collect.location':
    'Location: an anonymous country or city, derived from your connection, used to pick the language of the site. We never store your IP address.',
  'privacy.collect.language':
    'Language choice: when you pick a language with the EN/БГ button, your browser remembers it, in its own storage and in a cookie named language_bg or language_en that holds nothing else and expires after a year, so that the site opens in that language before any page is shown. It goes only to this site, with your requests; clearing the site’s cookies forgets it.',
  'privacy.use.title': 'How we use your information',
  'privacy.use.body':
    'We use this information to show the site in your language, to send the newsletter you asked for (five course letters over the 30 days we keep your address, and any issue we send out in that time), to keep ratings fair (one per person), to protect the comments from spam and to understand which tips and articles people find useful. We do not sell your data and we do not use it for advertising.',
  'privacy.security.title': 'Data security & storage',
  'privacy.security.body':
    'Subscriber emails are stored with a hosted database service. An address that is not confirmed from the letter we send is deleted after 48 hours; the others are deleted automatically after 30 days, unless you unsubscribe or ask us to delete them earlier. Emails given with a rating or a comment are stored only as a one-way keyed hash, kept as long as the rating or comment, so that you can ask us to find and delete them. For one day after each confirmation letter, we keep the same kind of hash of the inbox it went to, so that no one can flood someone else’s inbox with our letters. Connections to the site are encrypted.',
  'privacy.thirdParty.title': 'Third-party services',
  'privacy.thirdParty.analytics':
    'Analytics: if a web analytics service is enabled, it loads only after you accept it, with IP anonymization on and advertising signals off.',
  'privacy.thirdParty.hosting':
    'Hosting: the site and its database run with a hosting provider that processes data only on our behalf.',
  'privacy.rights.title': 'Your rights',
  'privacy.rights.body': 'At any time, you can:',
  'privacy.rights.access': 'see the information we hold about you;',
  'privacy.rights.correction': 'have it corrected;',
  'privacy.rights.deletion': 'have it deleted;',
  'privacy.rights.optOut': 'and opt out of the newsletter and of analytics.',
  'privacy.retention.title': 'Data retention',
  'privacy.retention.body':
    'Subscriber emails are deleted automatically 30 days after you give them to us, or 48 hours after if the subscription is never confirmed, unless deleted earlier on request or by the unsubscribe link in every letter. When backups are switched on, a copy of the whole database (subscriber addresses, comments, and the one-way hashes of the emails given with comments and ratings) is made once a night, kept privately and used only to restore the site after a failure. We keep each copy for at most seven days, so an address deleted from the site is gone from every backup within a week. If we ever restore a copy, every unsubscribe and deletion made since it was taken is applied again before any letter goes out: an address that left stays gone. Analytics data is kept for at most 26 months. Comments stay published until you or we remove them.',
  'privacy.contact.title': 'Contact',
  'privacy.contact.body':
    'For any question about your data, or to use any of your rights, write to {email} and we will answer within 30 days.',
  'privacy.updates.title': 'Policy updates',
  'privacy.updates.body':
    'If we change this policy, we will update the date at the top of this page. Important changes will also be announced on the home page.',

  'notFound.metaTitle': 'Page not found | Important Advice',
  'notFound.title': 'Oops! Page not found',
  'notFound.body': 'This page got lost overthinking. It happens to the best of us.',
  'notFound.home': 'Return to Home',

  'toast.region': 'Notifications',
  'toast.close': 'Close the notification',
  'error.title': 'Unexpected Application Error!',
  'error.back': 'Back',

  'consent.text': 'May we count visits with an analytics tool? It helps us see which tips help.',
  'consent.accept': 'Accept',
  'consent.reject': 'Reject',

  'newsletter.checkInbox': 'Press the button in it to confirm your address, and the course begins.',
  'newsletter.noscript':
    'This page needs JavaScript to talk to our server. Please turn it on and open the link again.',
  'newsletter.home': 'Back to the advice',
  'newsletter.subscribeAgain': 'Subscribe again',
  'newsletter.error': 'Something went wrong on our side. Please try again in a moment.',
  'newsletter.confirm.metaTitle': 'Confirm your subscription | Important Advice',
  'newsletter.confirm.title': 'Your subscription',
  'newsletter.confirm.body':
    'Press the button to confirm. Then come five course letters over 30 days, the first at once and then one a week, and any issue we send meanwhile; soon after the fifth we forget your address. Opening this page alone changes nothing.',
  'newsletter.confirm.button': 'Confirm my subscription',
  'newsletter.confirm.working': 'Confirming your subscription...',
  'newsletter.confirm.subscribed': 'Successfully subscribed!',
  'newsletter.confirm.done':
    'The first of five course letters is on its way. Any issue we send in these 30 days comes too, and soon after the fifth letter we forget your address.',
  'newsletter.confirm.used':
    'This link was already used: your subscription is confirmed. Nothing else to do.',
  'newsletter.confirm.expired':
    'This link has expired (they work for 48 hours). No harm done: subscribe again and we will send a fresh one.',
  'newsletter.confirm.invalid':
    'This link does not work. Check that it was copied whole from the letter, or simply subscribe again.',
  'newsletter.unsubscribe.metaTitle': 'Unsubscribe | Important Advice',
  'newsletter.unsubscribe.title': 'Unsubscribe',
  'newsletter.unsubscribe.body':
    'Had enough letters? Press the button and your address is deleted at once. No questions, no hard feelings.',
  'newsletter.unsubscribe.button': 'Unsubscribe me',
  'newsletter.unsubscribe.noToken':
    'To unsubscribe, press “Unsubscribe” at the end of any of our letters: that link brings you back here with your own key, and one more press deletes your address.',
  'newsletter.unsubscribe.working': 'Unsubscribing...',
  'newsletter.unsubscribe.done':
    'Done. Your address is deleted and no more letters will come. Take care of yourself!',
  'newsletter.unsubscribe.invalid':
    'This link does not work. Check that it was copied whole from the letter.',

  'moderate.metaTitle': 'Held comment | Important Advice',
  'moderate.title': 'A held comment',
  'moderate.titleApproved': 'Comment published',
  'moderate.titleHidden': 'Comment hidden',
  'moderate.loading': 'Loading the comment...',
  'moderate.approveQuestion':
    'Publish this comment under the article? Nothing changes until you press the button.',
  'moderate.hideQuestion': 'Hide this comment from the site? Nothing changes until you press the button.',
  'moderate.approveButton': 'Publish the comment',
  'moderate.hideButton': 'Hide the comment',
  'moderate.working': 'Saving your decision...',
  'moderate.approved': 'Published: the comment now shows under the article.',
  'moderate.hidden': 'Hidden: the comment does not show on the site.',
  'moderate.alreadyApproved': 'This link was already used: the comment is approved.',
  'moderate.alreadyHidden': 'This link was already used: the comment is hidden.',
  'moderate.expired':
    'This link has expired (they work for 7 days). Decide from the command line: npm run admin -- held.',
  'moderate.invalid': 'This link does not work. Check that it was copied whole from the letter.',
  'moderate.gone': 'This comment no longer exists.',
  'moderate.tooMany': 'Too many tries from here this hour. Please wait a little and open the link again.',
  'moderate.article': 'Article',
  'moderate.name': 'Name',
  'moderate.written': 'Written',
  'moderate.comment': 'Comment',
  'moderate.toArticle': 'Open the article',

  // Tips index, tip neighbours and the descriptions of the pages kept out of search (docs/seo.md).
  'nav.tips': 'All tips',
  'tips.metaTitle': 'All tips by topic | Important Advice',
  'tips.metaDescription':
    'Every tip of Important Advice in one list, by topic: small, kind nudges for overthinkers, each with its own page.',
  'tips.title': 'Every tip, by topic',
  'tips.intro':
    '{count} tips in {topics} topics. Of the rare ones, some turn up now and then when you press the button, some come only in the course letters, and a few live only here.',
  'tips.topics': 'Topics',
  'tips.rare': 'Rare',
  'today.title': 'The tip of the day',
  'today.intro': 'One tip a day, the same for everyone, in both languages. A new one at midnight in Sofia.',
  'today.open': 'Open today’s tip',
  'today.feed': 'Follow it in a feed reader',
  'today.embed': 'Show it on your own site: paste one line into your page.',
  'today.embedLine': 'Get the line',
  'today.embedTitle': 'Tip of the day from Important Advice',
  'saved.metaTitle': 'Your kept tips | Important Advice',
  'saved.metaDescription': 'The tips you kept, in this browser only: no account, nothing sent anywhere.',
  'saved.title': 'Your kept tips',
  'saved.intro':
    'The tips you keep stay in this browser only, in both languages: no account, and nothing is sent anywhere. Clearing the browser’s data clears them too.',
  'saved.noscript': 'This list lives in your browser, so showing it needs JavaScript.',
  'saved.loading': 'Finding your tips...',
  'saved.failed': 'Your tips could not be shown just now. Please try again in a moment.',
  'saved.empty': 'Nothing kept yet. Press “Keep” under a tip you like and it will wait for you here.',
  'saved.remove': 'Remove',
  'saved.removed': 'Removed from your list.',
  'saved.send': 'Send this list',
  'saved.sendHint':
    'Open or share this link on another device to keep the same tips there. The list travels in the link itself; no server sees it.',
  'saved.sentTitle': 'A list sent to you',
  'saved.sentIntro': 'These tips came in the link you opened. Keep them in this browser too?',
  'saved.keepSent': 'Keep these here',
  'saved.kept': 'Kept. They are on your list below.',
  'saved.link': 'Your kept tips',
  'tip.all': 'All tips',
  'tip.neighbours': 'More tips on {category}',
  'tip.previous': 'Previous tip',
  'tip.next': 'Next tip',
  'notFound.metaDescription':
    'This address leads nowhere on Important Advice. The home page has a tip waiting for you.',
  'newsletter.confirm.metaDescription':
    'Confirm your subscription to the Important Advice letters with one press.',
  'newsletter.unsubscribe.metaDescription':
    'Stop the Important Advice letters and delete your address with one press.',
  'moderate.metaDescription': 'Where the site’s operator decides on a comment held for review.',
} as const;

export type UiKey = keyof typeof en;
