// Hindi (हिन्दी) translation of react-admin's built-in UI messages (mirrors ra-language-english 5.x).
import type { TranslationMessages } from 'react-admin';

/** react-admin's messages, and those of the rich-text editor that ships beside it (ra.tiptap). */
type RaMessages = TranslationMessages & { ra: TranslationMessages['ra'] & { tiptap: Record<string, string> } };

export const raHindiMessages: RaMessages = {
    ra: {
        action: {
            add_filter: 'फ़िल्टर जोड़ें',
            add: 'जोड़ें',
            back: 'वापस जाएँ',
            bulk_actions: '1 आइटम चुना गया |||| %{smart_count} आइटम चुने गए',
            cancel: 'रद्द करें',
            clear_array_input: 'सूची खाली करें',
            clear_input_value: 'मान साफ़ करें',
            clone: 'प्रतिलिपि बनाएँ',
            confirm: 'पुष्टि करें',
            create: 'बनाएँ',
            create_item: '%{item} बनाएँ',
            delete: 'हटाएँ',
            edit: 'संपादित करें',
            export: 'निर्यात करें',
            list: 'सूची',
            refresh: 'रीफ़्रेश करें',
            remove_filter: 'यह फ़िल्टर हटाएँ',
            remove_all_filters: 'सभी फ़िल्टर हटाएँ',
            remove: 'हटाएँ',
            reset: 'रीसेट करें',
            save: 'सहेजें',
            search: 'खोजें',
            search_columns: 'कॉलम खोजें',
            select_all: 'सभी चुनें',
            select_all_button: 'सभी चुनें',
            select_row: 'यह पंक्ति चुनें',
            show: 'देखें',
            sort: 'क्रमबद्ध करें',
            undo: 'पूर्ववत करें',
            unselect: 'चयन हटाएँ',
            expand: 'विस्तार करें',
            close: 'बंद करें',
            open_menu: 'मेनू खोलें',
            close_menu: 'मेनू बंद करें',
            update: 'अपडेट करें',
            move_up: 'ऊपर ले जाएँ',
            move_down: 'नीचे ले जाएँ',
            open: 'खोलें',
            toggle_theme: 'लाइट/डार्क मोड बदलें',
            select_columns: 'कॉलम',
            update_application: 'ऐप्लिकेशन फिर से लोड करें',
        },
        boolean: {
            true: 'हाँ',
            false: 'नहीं',
            null: ' ',
        },
        page: {
            create: '%{name} बनाएँ',
            dashboard: 'डैशबोर्ड',
            edit: '%{name}: %{recordRepresentation}',
            error: 'कुछ गड़बड़ हो गई',
            list: '%{name}',
            loading: 'लोड हो रहा है',
            not_found: 'नहीं मिला',
            show: '%{name}: %{recordRepresentation}',
            empty: 'अभी तक कोई %{name} नहीं है।',
            invite: 'क्या आप एक जोड़ना चाहते हैं?',
            access_denied: 'पहुँच अस्वीकृत',
            authentication_error: 'प्रमाणीकरण त्रुटि',
        },
        input: {
            file: {
                upload_several:
                    'अपलोड करने के लिए फ़ाइलें यहाँ खींचकर छोड़ें, या कोई एक चुनने के लिए क्लिक करें।',
                upload_single:
                    'अपलोड करने के लिए फ़ाइल यहाँ खींचकर छोड़ें, या उसे चुनने के लिए क्लिक करें।',
            },
            image: {
                upload_several:
                    'अपलोड करने के लिए चित्र यहाँ खींचकर छोड़ें, या कोई एक चुनने के लिए क्लिक करें।',
                upload_single:
                    'अपलोड करने के लिए चित्र यहाँ खींचकर छोड़ें, या उसे चुनने के लिए क्लिक करें।',
            },
            references: {
                all_missing: 'संदर्भ डेटा नहीं मिल सका।',
                many_missing:
                    'संबंधित संदर्भों में से कम से कम एक अब उपलब्ध नहीं लगता।',
                single_missing: 'संबंधित संदर्भ अब उपलब्ध नहीं लगता।',
            },
            password: {
                toggle_visible: 'पासवर्ड छिपाएँ',
                toggle_hidden: 'पासवर्ड दिखाएँ',
            },
        },
        message: {
            about: 'परिचय',
            access_denied:
                'आपके पास इस पेज तक पहुँचने की आवश्यक अनुमतियाँ नहीं हैं',
            are_you_sure: 'क्या आप निश्चित हैं?',
            authentication_error:
                'प्रमाणीकरण सर्वर ने एक त्रुटि लौटाई और आपके क्रेडेंशियल की जाँच नहीं की जा सकी।',
            auth_error:
                'प्रमाणीकरण टोकन की पुष्टि करते समय एक त्रुटि हुई।',
            bulk_delete_content:
                'क्या आप वाकई यह %{name} हटाना चाहते हैं? |||| क्या आप वाकई ये %{smart_count} आइटम हटाना चाहते हैं?',
            bulk_delete_title:
                '%{name} हटाएँ |||| %{smart_count} %{name} हटाएँ',
            bulk_update_content:
                'क्या आप वाकई %{name} %{recordRepresentation} को अपडेट करना चाहते हैं? |||| क्या आप वाकई इन %{smart_count} आइटम को अपडेट करना चाहते हैं?',
            bulk_update_title:
                '%{name} %{recordRepresentation} अपडेट करें |||| %{smart_count} %{name} अपडेट करें',
            clear_array_input:
                'क्या आप वाकई पूरी सूची खाली करना चाहते हैं?',
            delete_content: 'क्या आप वाकई यह %{name} हटाना चाहते हैं?',
            delete_title: '%{name} %{recordRepresentation} हटाएँ',
            details: 'विवरण',
            error: 'क्लाइंट में एक त्रुटि हुई और आपका अनुरोध पूरा नहीं हो सका।',
            invalid_form: 'फ़ॉर्म मान्य नहीं है। कृपया त्रुटियों की जाँच करें',
            loading: 'कृपया प्रतीक्षा करें',
            no: 'नहीं',
            not_found:
                'या तो आपने गलत URL टाइप किया है, या आप किसी गलत लिंक से यहाँ आए हैं।',
            select_all_limit_reached:
                'सभी को चुनने के लिए आइटम बहुत अधिक हैं। केवल पहले %{max} आइटम चुने गए हैं।',
            unsaved_changes:
                'आपके कुछ बदलाव सहेजे नहीं गए। क्या आप वाकई उन्हें अनदेखा करना चाहते हैं?',
            yes: 'हाँ',
            placeholder_data_warning:
                'नेटवर्क समस्या: डेटा रीफ़्रेश नहीं हो सका।',
        },
        navigation: {
            clear_filters: 'फ़िल्टर साफ़ करें',
            no_filtered_results:
                'मौजूदा फ़िल्टर के साथ कोई %{name} नहीं मिला।',
            no_results: 'कोई %{name} नहीं मिला',
            no_more_results:
                'पेज संख्या %{page} सीमा से बाहर है। पिछला पेज आज़माएँ।',
            page_out_of_boundaries: 'पेज संख्या %{page} सीमा से बाहर है',
            page_out_from_end: 'अंतिम पेज के आगे नहीं जा सकते',
            page_out_from_begin: 'पेज 1 से पहले नहीं जा सकते',
            page_range_info: '%{total} में से %{offsetBegin}-%{offsetEnd}',
            partial_page_range_info:
                '%{offsetEnd} से अधिक में से %{offsetBegin}-%{offsetEnd}',
            current_page: 'पेज %{page}',
            page: 'पेज %{page} पर जाएँ',
            first: 'पहले पेज पर जाएँ',
            last: 'अंतिम पेज पर जाएँ',
            next: 'अगले पेज पर जाएँ',
            previous: 'पिछले पेज पर जाएँ',
            page_rows_per_page: 'प्रति पेज पंक्तियाँ:',
            skip_nav: 'सीधे सामग्री पर जाएँ',
        },
        sort: {
            sort_by: '%{field_lower_first} के अनुसार %{order} क्रम में लगाएँ',
            ASC: 'आरोही',
            DESC: 'अवरोही',
        },
        auth: {
            auth_check_error: 'जारी रखने के लिए कृपया लॉग इन करें',
            user_menu: 'प्रोफ़ाइल',
            username: 'उपयोगकर्ता नाम',
            password: 'पासवर्ड',
            email: 'ईमेल',
            sign_in: 'साइन इन करें',
            sign_in_error: 'प्रमाणीकरण विफल रहा, कृपया फिर से प्रयास करें',
            logout: 'लॉग आउट करें',
        },
        notification: {
            updated:
                'आइटम अपडेट किया गया |||| %{smart_count} आइटम अपडेट किए गए',
            created: 'आइटम बनाया गया',
            deleted: 'आइटम हटाया गया |||| %{smart_count} आइटम हटाए गए',
            bad_item: 'गलत आइटम',
            item_doesnt_exist: 'आइटम मौजूद नहीं है',
            http_error: 'सर्वर से संचार में त्रुटि',
            data_provider_error:
                'dataProvider त्रुटि। विवरण के लिए कंसोल देखें।',
            i18n_error: 'चुनी गई भाषा के अनुवाद लोड नहीं किए जा सके',
            canceled: 'कार्रवाई रद्द की गई',
            logged_out:
                'आपका सत्र समाप्त हो गया है, कृपया फिर से लॉग इन करें।',
            not_authorized: 'आपको इस संसाधन तक पहुँचने की अनुमति नहीं है।',
            application_update_available: 'एक नया संस्करण उपलब्ध है।',
            offline: 'कनेक्शन उपलब्ध नहीं है। डेटा प्राप्त नहीं किया जा सका।',
        },
        validation: {
            required: 'आवश्यक',
            minLength: 'कम से कम %{min} वर्ण होने चाहिए',
            maxLength: '%{max} या उससे कम वर्ण होने चाहिए',
            minValue: 'कम से कम %{min} होना चाहिए',
            maxValue: '%{max} या उससे कम होना चाहिए',
            number: 'संख्या होनी चाहिए',
            email: 'मान्य ईमेल होना चाहिए',
            oneOf: 'इनमें से कोई एक होना चाहिए: %{options}',
            regex: 'एक विशिष्ट प्रारूप (regexp) से मेल खाना चाहिए: %{pattern}',
            unique: 'अद्वितीय होना चाहिए',
        },
        saved_queries: {
            label: 'सहेजी गई क्वेरी',
            query_name: 'क्वेरी का नाम',
            new_label: 'मौजूदा क्वेरी सहेजें...',
            new_dialog_title: 'मौजूदा क्वेरी को इस नाम से सहेजें',
            remove_label: 'सहेजी गई क्वेरी हटाएँ',
            remove_label_with_name: 'क्वेरी "%{name}" हटाएँ',
            remove_dialog_title: 'सहेजी गई क्वेरी हटाएँ?',
            remove_message:
                'क्या आप वाकई इस आइटम को अपनी सहेजी गई क्वेरी की सूची से हटाना चाहते हैं?',
            help: 'सूची को फ़िल्टर करें और इस क्वेरी को बाद के लिए सहेजें',
        },
        guesser: {
            empty: {
                title: 'दिखाने के लिए कोई डेटा नहीं है',
                message: 'कृपया अपना डेटा प्रोवाइडर जाँचें',
            },
        },
        configurable: {
            customize: 'अनुकूलित करें',
            configureMode: 'इस पेज को कॉन्फ़िगर करें',
            inspector: {
                title: 'इंस्पेक्टर',
                content:
                    'ऐप्लिकेशन के UI तत्वों को कॉन्फ़िगर करने के लिए उन पर माउस ले जाएँ',
                reset: 'सेटिंग रीसेट करें',
                hideAll: 'सभी छिपाएँ',
                showAll: 'सभी दिखाएँ',
            },
            Datagrid: {
                title: 'डेटा ग्रिड',
                unlabeled: 'बिना लेबल वाला कॉलम #%{column}',
            },
            SimpleForm: {
                title: 'फ़ॉर्म',
                unlabeled: 'बिना लेबल वाला इनपुट #%{input}',
            },
            SimpleList: {
                title: 'सूची',
                primaryText: 'प्राथमिक टेक्स्ट',
                secondaryText: 'द्वितीयक टेक्स्ट',
                tertiaryText: 'तृतीयक टेक्स्ट',
            },
        },
        // The rich-text editor's toolbar (ra-input-rich-text reads ra.tiptap.*).
        tiptap: {
            align_left: 'बाईं ओर संरेखित करें',
            align_right: 'दाईं ओर संरेखित करें',
            align_center: 'बीच में रखें',
            align_justify: 'दोनों ओर संरेखित करें',
            bold: 'बोल्ड',
            italic: 'इटैलिक',
            underline: 'रेखांकित',
            strike: 'स्ट्राइकथ्रू',
            code: 'कोड',
            color: 'रंग',
            highlight: 'हाइलाइट',
            list_bulleted: 'बुलेट सूची',
            list_numbered: 'क्रमांकित सूची',
            link: 'लिंक जोड़ें',
            image: 'चित्र',
            image_dialog: 'चित्र का URL',
            blockquote: 'उद्धरण',
            clear_format: 'फ़ॉर्मैटिंग हटाएँ',
            select_level: 'पाठ का स्तर चुनें',
            current_level: 'वर्तमान स्तर',
            paragraph: 'सामान्य',
            heading1: 'शीर्षक 1',
            heading2: 'शीर्षक 2',
            heading3: 'शीर्षक 3',
            heading4: 'शीर्षक 4',
            heading5: 'शीर्षक 5',
            heading6: 'शीर्षक 6',
        },
    },
};
