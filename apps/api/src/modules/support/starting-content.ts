import type { TArticleKind } from '@bubuh/contracts';
import type { TSeedArticle } from './articles.repository.ts';
import { STARTING_FAQ } from './starting-faq.ts';

const ARTICLES: TSeedArticle[] = [
  {
    slug: 'stamp-a-document',
    language: 'en',
    kind: 'article',
    topic: 'e-Meterai',
    title: 'Stamping a PDF with e-Meterai, step by step',
    body: `1. Open **Single Stamp** and upload the PDF (up to the size shown on the upload card).
2. Choose the **document type** and, for money documents, the amount. Documents stating Rp5.000.000 or less need no duty.
3. Drag the e-Meterai box to where it belongs, usually next to the signature, and set its size.
4. Confirm. One unit of e-stamp quota is reserved and spent only when the stamped file is stored.

The stamped file is final: the serial number is registered with the issuer and cannot be reused. Download it from **My e-Document**.`,
  },
  {
    slug: 'stamp-a-document',
    language: 'id',
    kind: 'article',
    topic: 'e-Meterai',
    title: 'Membubuhkan e-Meterai pada PDF, langkah demi langkah',
    body: `1. Buka **Single Stamp** dan unggah PDF (hingga batas ukuran pada kartu unggah).
2. Pilih **jenis dokumen** dan, untuk dokumen bernilai uang, nominalnya. Dokumen dengan nilai Rp5.000.000 atau kurang tidak terutang bea meterai.
3. Seret kotak e-Meterai ke posisinya, biasanya di dekat tanda tangan, lalu atur ukurannya.
4. Konfirmasi. Satu unit kuota e-meterai dicadangkan dan baru terpakai ketika berkas bermeterai tersimpan.

Berkas bermeterai bersifat final: nomor seri terdaftar di penerbit dan tidak dapat dipakai ulang. Unduh dari **My e-Document**.`,
  },
  {
    slug: 'quota-wallets',
    language: 'en',
    kind: 'article',
    topic: 'Quota',
    title: 'How quota works: company, department and personal wallets',
    body: `Quota comes in two kinds, **e-Meterai** and **e-signature**, and lives in wallets:

- company admins spend the **company** wallet;
- department users spend their **department**'s wallet;
- personal and pay-as-you-go accounts spend their **own**.

A company admin can transfer quota to a department and return unused quota to the company at any time (Quota → Transfer). Every movement appears in the quota history. When a wallet falls below the warning threshold you get a notification.`,
  },
  {
    slug: 'quota-wallets',
    language: 'id',
    kind: 'article',
    topic: 'Quota',
    title: 'Cara kerja kuota: dompet perusahaan, departemen, dan pribadi',
    body: `Kuota terdiri dari dua jenis, **e-Meterai** dan **e-sign**, dan disimpan di dompet:

- admin perusahaan memakai dompet **perusahaan**;
- user departemen memakai dompet **departemennya**;
- akun pribadi dan pay-as-you-go memakai dompet **sendiri**.

Admin perusahaan dapat mentransfer kuota ke departemen dan mengembalikan kuota yang tidak terpakai ke perusahaan kapan saja (Kuota → Transfer). Setiap pergerakan tercatat di riwayat kuota. Jika saldo di bawah batas peringatan, Anda mendapat notifikasi.`,
  },
  {
    slug: 'sign-electronically',
    language: 'en',
    kind: 'article',
    topic: 'e-Signature',
    title: 'Signing electronically',
    body: `Your first e-signature asks you to confirm your name and NIK; Bubuh then issues your signing certificate. Add a signature specimen (drawn or uploaded) under **Master eSign**.

To ask others to sign, set the signers and their order on the document. Each signer gets a notification when it is their turn. A signed PDF can be checked in any PDF reader and with **Verify**.`,
  },
  {
    slug: 'sign-electronically',
    language: 'id',
    kind: 'article',
    topic: 'e-Signature',
    title: 'Menandatangani secara elektronik',
    body: `Tanda tangan elektronik pertama meminta Anda mengonfirmasi nama dan NIK; setelah itu Bubuh menerbitkan sertifikat tanda tangan Anda. Tambahkan spesimen tanda tangan (digambar atau diunggah) di **Master eSign**.

Untuk meminta orang lain menandatangani, tetapkan penanda tangan dan urutannya pada dokumen. Setiap penanda tangan mendapat notifikasi saat gilirannya tiba. PDF yang ditandatangani dapat diperiksa di pembaca PDF mana pun dan melalui **Verifikasi**.`,
  },
  {
    slug: 'open-a-ticket',
    language: 'en',
    kind: 'article',
    topic: 'Support',
    title: 'Getting help: opening a support ticket',
    body: `Open **Support → Ticket** and choose *New ticket*. Give a short subject, the category and how urgent it is, describe what happened and attach screenshots or the PDF (PDF, PNG or JPEG, up to 5 files of 5 MB). Link the document if the question is about one.

Support answers in the ticket; you get an e-mail and a notification in the bell. A ticket marked **Pending** waits for your answer. Close it when solved; you can reopen it later.`,
  },
  {
    slug: 'open-a-ticket',
    language: 'id',
    kind: 'article',
    topic: 'Support',
    title: 'Mendapatkan bantuan: membuat tiket dukungan',
    body: `Buka **Support → Ticket** lalu pilih *Tiket baru*. Isi subjek singkat, kategori dan tingkat urgensi, jelaskan yang terjadi dan lampirkan tangkapan layar atau PDF (PDF, PNG, atau JPEG, hingga 5 berkas masing-masing 5 MB). Tautkan dokumennya jika pertanyaan menyangkut dokumen tertentu.

Tim dukungan menjawab di tiket; Anda menerima e-mail dan notifikasi di ikon lonceng. Tiket berstatus **Pending** menunggu jawaban Anda. Tutup tiket jika sudah selesai; Anda dapat membukanya kembali nanti.`,
  },
];

/** Everything seeded at start (once per slug). */
export const STARTING_CONTENT: (TSeedArticle & { kind: TArticleKind })[] = [
  ...STARTING_FAQ,
  ...ARTICLES,
];
