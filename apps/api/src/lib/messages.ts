/**
 * The language of the API's error messages. Services write messages in English (or in the
 * Indonesian the spec quotes); the error handler answers in Indonesian when the request's
 * Accept-Language asks for it, by looking the English text up here (gettext style: the English
 * text is the key). `messages.test.ts` checks that every message thrown in `src/` is covered.
 */

export type TLanguage = 'en' | 'id';

/** The first language of an Accept-Language header: `id…` → Indonesian, anything else English. */
export const languageOf = (header: string | string[] | undefined): TLanguage => {
  const value = Array.isArray(header) ? header[0] : header;
  return /^\s*id\b/i.test(value ?? '') ? 'id' : 'en';
};

/** Fixed messages. Indonesian originals (quoted by the spec) map to themselves. */
const EXACT: Record<string, string> = {
  // generic and framework
  'You are not allowed to do this': 'Anda tidak memiliki akses untuk melakukan ini',
  'Invalid request': 'Permintaan tidak valid',
  'Request body is not valid JSON': 'Isi permintaan bukan JSON yang valid',
  'Request body is empty': 'Isi permintaan kosong',
  'Request body is too large': 'Isi permintaan terlalu besar',
  'Unsupported content type': 'Jenis konten tidak didukung',
  'File is too large': 'Berkas terlalu besar',
  'Expected a multipart/form-data request': 'Permintaan harus berupa multipart/form-data',
  'Not found': 'Tidak ditemukan',
  "The job's data does not match its schema": 'Data tugas tidak sesuai dengan skemanya',
  'The upload is incomplete or malformed': 'Unggahan tidak lengkap atau rusak',
  'Terjadi kesalahan, mohon coba beberapa saat lagi':
    'Terjadi kesalahan, mohon coba beberapa saat lagi',
  // access
  'This needs a company account': 'Fitur ini membutuhkan akun perusahaan',
  'Only company admins can do this': 'Hanya admin perusahaan yang dapat melakukan ini',
  'Pay-as-you-go accounts have no quota to move':
    'Akun pay-as-you-go tidak memiliki kuota untuk dipindahkan',
  // accounts
  'The code is invalid. Request a new one.': 'Kode tidak valid. Minta kode baru.',
  'This code has already been used. Request a new one.':
    'Kode ini sudah digunakan. Minta kode baru.',
  'This code has expired. Request a new one.': 'Kode ini sudah kedaluwarsa. Minta kode baru.',
  'Too many wrong codes. Request a new one.': 'Terlalu banyak kode salah. Minta kode baru.',
  'This e-mail is already registered. Sign in instead.':
    'Email ini sudah terdaftar. Silakan masuk.',
  'Wrong e-mail or password': 'Email atau kata sandi salah',
  'Verify your e-mail address first. We sent you a code.':
    'Verifikasi alamat email Anda terlebih dahulu. Kami telah mengirimkan kode.',
  'The code is invalid.': 'Kode tidak valid.',
  'Your session has ended, please sign in again': 'Sesi Anda telah berakhir, silakan masuk kembali',
  'This reset link is invalid, used or expired. Ask for a new one.':
    'Tautan reset ini tidak valid, sudah digunakan, atau kedaluwarsa. Minta tautan baru.',
  'Send the image in the multipart field "avatar"': 'Kirim gambar pada field multipart "avatar"',
  'You can only change your own account here':
    'Di sini Anda hanya dapat mengubah akun Anda sendiri',
  'The current password is not correct': 'Kata sandi saat ini salah',
  'The avatar must be a PNG, JPEG or WebP image': 'Avatar harus berupa gambar PNG, JPEG, atau WebP',
  // organisation
  'A department with this name already exists': 'Departemen dengan nama ini sudah ada',
  'Departemen masih memiliki kuota, kembalikan kuota ke perusahaan terlebih dahulu':
    'Departemen masih memiliki kuota, kembalikan kuota ke perusahaan terlebih dahulu',
  'Departemen masih memiliki user': 'Departemen masih memiliki user',
  'Departemen tidak ditemukan': 'Departemen tidak ditemukan',
  'Email sudah terdaftar': 'Email sudah terdaftar',
  'Only an admin can appoint another admin': 'Hanya admin yang dapat menunjuk admin lain',
  'You cannot change your own role': 'Anda tidak dapat mengubah peran Anda sendiri',
  'A user needs a department': 'User harus memiliki departemen',
  'You cannot delete your own account here': 'Anda tidak dapat menghapus akun Anda sendiri di sini',
  'Paket Anda tidak mendukung child user': 'Paket Anda tidak mendukung child user',
  'Only an admin can change or remove another admin':
    'Hanya admin yang dapat mengubah atau menghapus admin lain',
  'A super account cannot be changed here': 'Akun super tidak dapat diubah di sini',
  'The user owns documents: the account is deactivated and the documents stay with the company':
    'Pengguna memiliki dokumen: akunnya dinonaktifkan dan dokumennya tetap milik perusahaan',
  'Quota must be a whole number above 0': 'Kuota harus bilangan bulat lebih dari 0',
  'This idempotency key was already used for a different request':
    'Idempotency key ini sudah dipakai untuk permintaan lain',
  'Only department users have department quota':
    'Hanya user departemen yang memiliki kuota departemen',
  'Kuota tidak mencukupi': 'Kuota tidak mencukupi',
  'Kuota perusahaan tidak mencukupi': 'Kuota perusahaan tidak mencukupi',
  'Kuota departemen tidak mencukupi': 'Kuota departemen tidak mencukupi',
  'Pembubuhan e-Meterai gagal, kuota telah dikembalikan. Silakan coba lagi.':
    'Pembubuhan e-Meterai gagal, kuota telah dikembalikan. Silakan coba lagi.',
  'Penandatanganan gagal, kuota telah dikembalikan. Silakan coba lagi.':
    'Penandatanganan gagal, kuota telah dikembalikan. Silakan coba lagi.',
  // PDF files
  'The PDF is incomplete or damaged; export it again and retry':
    'PDF tidak lengkap atau rusak; ekspor ulang lalu coba lagi',
  'The PDF is damaged and cannot be read; export it again and retry':
    'PDF rusak dan tidak dapat dibaca; ekspor ulang lalu coba lagi',
  'The PDF is password protected; remove the password and upload it again':
    'PDF dilindungi kata sandi; hapus kata sandinya lalu unggah kembali',
  'The PDF is too complex to process safely': 'PDF terlalu rumit untuk diproses dengan aman',
  'Processing the PDF took too long': 'Pemrosesan PDF memakan waktu terlalu lama',
  'The PDF has no pages': 'PDF tidak memiliki halaman',
  'The PDF could not be processed': 'PDF tidak dapat diproses',
  'The PDF is damaged and already signed; ask the signer for an intact copy':
    'PDF rusak dan sudah ditandatangani; minta salinan yang utuh kepada penanda tangan',
  'The PDF was damaged and has been repaired; check it before stamping':
    'PDF rusak dan telah diperbaiki; periksa kembali sebelum dibubuhi e-Meterai',
  'The PDF contains JavaScript; it must be confirmed before the first signature or e-Meterai':
    'PDF berisi JavaScript; harus dikonfirmasi sebelum tanda tangan atau e-Meterai pertama',
  'The PDF was damaged and has been repaired, and it contains JavaScript; check it before stamping':
    'PDF rusak dan telah diperbaiki, serta berisi JavaScript; periksa kembali sebelum dibubuhi e-Meterai',
  'This document runs JavaScript when it is opened: confirm that you have checked it before the first signature or e-Meterai':
    'Dokumen ini menjalankan JavaScript saat dibuka: konfirmasi bahwa Anda telah memeriksanya sebelum tanda tangan atau e-Meterai pertama',
  'This document contains JavaScript: confirm that you have checked it before the first signature or e-Meterai':
    'Dokumen ini berisi JavaScript: konfirmasi bahwa Anda telah memeriksanya sebelum tanda tangan atau e-Meterai pertama',
  // support tickets
  'Attach PDF, PNG or JPEG files only': 'Lampirkan berkas PDF, PNG, atau JPEG saja',
  'Check the highlighted fields': 'Periksa kembali kolom yang ditandai',
  'The ticket changed meanwhile; reload it and try again':
    'Tiket telah berubah; muat ulang lalu coba lagi',
  'This ticket is closed; reopen it to reply':
    'Tiket ini sudah ditutup; buka kembali untuk membalas',
  'This ticket is already closed': 'Tiket ini sudah ditutup',
  'Only a closed ticket can be reopened':
    'Hanya tiket yang sudah ditutup yang dapat dibuka kembali',
  // e-sign specimens
  'Send the image in the multipart field "file"': 'Kirim gambar pada field multipart "file"',
  // digital locker
  'Send the file in the multipart field "file"': 'Kirim berkas pada field multipart "file"',
  'Only company accounts have a shared space': 'Hanya akun perusahaan yang memiliki ruang bersama',
  'Only company admins can change the shared space':
    'Hanya admin perusahaan yang dapat mengubah ruang bersama',
  'The digital locker is not part of your plan. Choose a plan with the digital locker on the Plan page.':
    'Digital locker tidak termasuk dalam paket Anda. Pilih paket dengan digital locker di halaman Paket.',
  'Your digital locker has expired: files can still be viewed and downloaded, but not added or changed':
    'Digital locker Anda sudah berakhir: berkas masih dapat dilihat dan diunduh, tetapi tidak dapat ditambah atau diubah',
  'Items can only be moved within one space': 'Item hanya dapat dipindahkan dalam satu ruang',
  'A folder cannot be moved into itself': 'Folder tidak dapat dipindahkan ke dalam dirinya sendiri',
  'The locker keeps PDF, images, Office documents and plain text only':
    'Digital locker hanya menyimpan PDF, gambar, dokumen Office, dan teks biasa',
  'space: private or shared': 'space: private atau shared',
  'parent_id: a folder id': 'parent_id: id folder',
  'The file name is not allowed': 'Nama berkas tidak diizinkan',
  'The specimen must be a PNG or JPEG image': 'Spesimen harus berupa gambar PNG atau JPEG',
  'The image has no visible signature': 'Gambar tidak memuat tanda tangan yang terlihat',
  // documents and stamping
  'Send the PDF in the multipart field "file"': 'Kirim PDF pada field multipart "file"',
  'Only PDF files can be stamped': 'Hanya berkas PDF yang dapat dibubuhi e-Meterai',
  'Stamped documents are filed in a folder of your private locker':
    'Dokumen bermeterai disimpan di folder loker pribadi Anda',
  'The file is too large': 'Berkas terlalu besar',
  'The file is not a PDF': 'Berkas bukan PDF',
  'Only a draft can be changed': 'Hanya draf yang dapat diubah',
  'This document can no longer be signed': 'Dokumen ini tidak dapat ditandatangani lagi',
  'The sender must check this document before it can be signed: ask them to open it first':
    'Pengirim harus memeriksa dokumen ini sebelum dapat ditandatangani: minta pengirim membukanya terlebih dahulu',
  'You have signed this document': 'Anda sudah menandatangani dokumen ini',
  'This signing link is not valid any more: ask the sender for a new one':
    'Tautan penandatanganan ini sudah tidak berlaku: mintalah tautan baru kepada pengirim',
  'Too many codes were sent: try again in an hour':
    'Terlalu banyak kode yang dikirim: coba lagi dalam satu jam',
  'The code has expired: ask for a new one': 'Kode sudah kedaluwarsa: mintalah kode baru',
  'Too many wrong tries: ask for a new code':
    'Terlalu banyak percobaan yang salah: mintalah kode baru',
  'The code is not right': 'Kode tidak benar',
  "It is not this signer's turn": 'Belum giliran penanda tangan ini',
  'Confirm your e-mail with a code first': 'Konfirmasi e-mail Anda dengan kode terlebih dahulu',
  'Each outside signer needs an e-mail of their own':
    'Setiap penanda tangan dari luar perusahaan memerlukan e-mail sendiri',
  'No outside signer has this position':
    'Tidak ada penanda tangan dari luar perusahaan pada urutan ini',
  'This signer has no open link': 'Penanda tangan ini tidak memiliki tautan yang aktif',
  'Use the personal stamping call': 'Gunakan proses pembubuhan untuk akun personal',
  'Use the company stamping call': 'Gunakan proses pembubuhan untuk akun perusahaan',
  'Only the owner or a company admin can stamp this document':
    'Hanya pemilik atau admin perusahaan yang dapat membubuhkan e-Meterai pada dokumen ini',
  'Dokumen sudah dibubuhi e-Meterai': 'Dokumen sudah dibubuhi e-Meterai',
  'Dokumen sudah dibatalkan': 'Dokumen sudah dibatalkan',
  'Waiting for e-signatures: the e-Meterai comes last':
    'Menunggu tanda tangan elektronik: e-Meterai dibubuhkan terakhir',
  'Unknown document type': 'Jenis dokumen tidak dikenal',
  // bulk stamping (batches)
  'Only the owner or a company admin can change this batch':
    'Hanya pemilik atau admin perusahaan yang dapat mengubah batch ini',
  'This batch cannot do that in its current status':
    'Tindakan ini tidak dapat dilakukan pada status batch saat ini',
  'The batch has no files ready to stamp': 'Batch tidak memiliki berkas yang siap dibubuhi',
  'Files can only be added to a draft batch':
    'Berkas hanya dapat ditambahkan ke batch yang belum dimulai',
  'The manifest must be a CSV or XLSX file': 'Manifest harus berupa berkas CSV atau XLSX',
  'Add your e-signature specimen in Master eSign (/master/esign) before signing a batch':
    'Tambahkan spesimen tanda tangan Anda di Master eSign (/master/esign) sebelum menandatangani batch',
  'The manifest is larger than 1 MB': 'Manifest lebih besar dari 1 MB',
  'The ZIP file cannot be used': 'Berkas ZIP tidak dapat digunakan',
  'The file in the ZIP is damaged': 'Berkas di dalam ZIP rusak',
  'Only ZIP files of PDFs can be expanded': 'Hanya berkas ZIP berisi PDF yang dapat diekstrak',
  'The ZIP is larger than the upload limit': 'Berkas ZIP melebihi batas unggahan',
  'The e-Meterai box falls outside the page': 'Kotak e-Meterai berada di luar halaman',
  'The PDF contains JavaScript; stamp it on its own after checking it':
    'PDF berisi JavaScript; bubuhkan secara terpisah setelah diperiksa',
  'Dokumen sedang diproses atau sudah dibubuhi e-Meterai':
    'Dokumen sedang diproses atau sudah dibubuhi e-Meterai',
  'Dokumen sedang diproses': 'Dokumen sedang diproses',
  "This is not possible in the document's current state":
    'Tindakan ini tidak dapat dilakukan pada status dokumen saat ini',
  'An e-Meterai serial was issued for this document: cancel it instead of deleting it':
    'Nomor seri e-Meterai sudah diterbitkan untuk dokumen ini: batalkan dokumen, jangan dihapus',
  'Dokumen yang sudah dibubuhi e-Meterai tidak dapat dibatalkan':
    'Dokumen yang sudah dibubuhi e-Meterai tidak dapat dibatalkan',
  'Dokumen yang sudah dibubuhi e-Meterai tidak dapat dihapus':
    'Dokumen yang sudah dibubuhi e-Meterai tidak dapat dihapus',
  'The document has no e-Meterai yet': 'Dokumen belum dibubuhi e-Meterai',
  'Only a draft can get signers': 'Hanya draf yang dapat diberi penanda tangan',
  'The e-Meterai box must be square': 'Kotak e-Meterai harus berbentuk persegi',
  'The e-signature box falls outside the page': 'Kotak tanda tangan berada di luar halaman',
  'The document is kept as a draft but was not stamped; stamp it again':
    'Dokumen disimpan sebagai draf tetapi belum dibubuhi e-Meterai; silakan bubuhkan lagi',
  'Apply the template first: its e-signatures come before the e-Meterai':
    'Terapkan template terlebih dahulu: tanda tangan elektroniknya dibubuhkan sebelum e-Meterai',
  'Signers must be users of the same company':
    'Penanda tangan harus user dari perusahaan yang sama',
  'A stamped or canceled document cannot be signed: e-signatures come before the e-Meterai':
    'Dokumen yang sudah dibubuhi e-Meterai atau dibatalkan tidak dapat ditandatangani: tanda tangan elektronik dibubuhkan sebelum e-Meterai',
  'Everyone has signed this document': 'Semua penanda tangan sudah menandatangani dokumen ini',
  'It is not your turn to sign yet': 'Belum giliran Anda untuk menandatangani',
  'Only a signer who has not signed yet can decline':
    'Hanya penanda tangan yang belum menandatangani yang dapat menolak',
  'Only a document waiting for a signature can be reminded':
    'Pengingat hanya dapat dikirim untuk dokumen yang sedang menunggu tanda tangan',
  'It is your own turn to sign this document':
    'Saat ini giliran Anda sendiri untuk menandatangani dokumen ini',
  "The next signer's account is deactivated": 'Akun penanda tangan berikutnya telah dinonaktifkan',
  'The reminder could not be sent. Please try again later.':
    'Pengingat tidak dapat dikirim. Silakan coba lagi nanti.',
  'Your signing certificate is issued: its name and NIK can no longer change':
    'Sertifikat tanda tangan Anda sudah terbit: nama dan NIK-nya tidak dapat diubah lagi',
  'You are not a signer of this document': 'Anda bukan penanda tangan dokumen ini',
  'Confirm your name and NIK: your first e-signature issues your signing certificate':
    'Konfirmasi nama dan NIK Anda: tanda tangan elektronik pertama Anda menerbitkan sertifikat tanda tangan Anda',
  'Enter your NIK (16 digits, as on your KTP) and full legal name before your first e-signature':
    'Isi NIK Anda (16 digit, sesuai KTP) dan nama lengkap sesuai identitas sebelum tanda tangan elektronik pertama Anda',
  'Only the owner or a company admin can change this template':
    'Hanya pemilik atau admin perusahaan yang dapat mengubah template ini',
  'This template has no e-Meterai placement': 'Template ini tidak memiliki posisi e-Meterai',
  // buying
  'Prices are not configured yet': 'Harga belum dikonfigurasi',
  'The invoice total is too large; buy fewer units':
    'Total invoice terlalu besar; beli lebih sedikit unit',
  'This invoice has expired': 'Invoice ini sudah kedaluwarsa',
  'This invoice is no longer awaiting payment': 'Invoice ini tidak lagi menunggu pembayaran',
  'This invoice is already paid': 'Invoice ini sudah dibayar',
  'The notification signature is not valid': 'Tanda tangan notifikasi tidak valid',
  'Upload a JPEG, PNG or PDF file': 'Unggah berkas JPEG, PNG, atau PDF',
  'This proof has already been reviewed': 'Bukti pembayaran ini sudah diperiksa',
  'The payment gateway cannot be reached': 'Payment gateway tidak dapat dihubungi',
  'This promo code has expired': 'Kode promo ini sudah kedaluwarsa',
  'This promo code is no longer active': 'Kode promo ini tidak aktif lagi',
  'This promo code has been used up': 'Kuota pemakaian kode promo ini sudah habis',
  'This promo code already exists': 'Kode promo ini sudah ada',
  'A percentage is at most 100 %': 'Persentase paling banyak 100 %',
  'Give a plan or a unit type and quantity': 'Pilih paket atau jenis dan jumlah kuota',
  'Enter a promo code': 'Masukkan kode promo',
  'Letters, digits, - and _ only': 'Hanya huruf, angka, - dan _',
  // providers
  'Layanan e-Meterai Peruri tidak dapat dihubungi':
    'Layanan e-Meterai Peruri tidak dapat dihubungi',
  'Peruri answered with something that is not JSON': 'Peruri menjawab dengan data yang bukan JSON',
  'Peruri returned a serial in an unknown format':
    'Peruri mengembalikan nomor seri dengan format yang tidak dikenal',
};

/** The things a message can be about (`AppError.notFound(what)`). */
const THINGS: Record<string, string> = {
  Data: 'Data',
  'Child user': 'Child user',
  Company: 'Perusahaan',
  Department: 'Departemen',
  'DigiFriend code': 'Kode DigiFriend',
  Batch: 'Batch',
  Document: 'Dokumen',
  Esign: 'Esign',
  File: 'Berkas',
  Invoice: 'Invoice',
  Folder: 'Folder',
  Plan: 'Paket',
  Proof: 'Bukti pembayaran',
  'Promo code': 'Kode promo',
  Status: 'Status',
  Template: 'Template',
  Ticket: 'Tiket',
  Article: 'Artikel',
  Notification: 'Notifikasi',
  User: 'User',
};

/** Messages with values in them: the English pattern and its Indonesian form. */
const PATTERNS: [RegExp, (groups: string[]) => string][] = [
  [
    /^Too many requests\. Try again in (\d+) seconds\.$/,
    ([s]) => `Terlalu banyak permintaan. Coba lagi dalam ${s} detik.`,
  ],
  [/^(.+): must not contain NUL bytes$/s, ([field]) => `${field}: tidak boleh berisi karakter NUL`],
  [/^Wrong code\. (\d+) tr(?:y|ies) left\.$/, ([n]) => `Kode salah. Sisa ${n} percobaan.`],
  [
    /^Please wait (\d+) seconds before asking for a new code\.$/,
    ([s]) => `Mohon tunggu ${s} detik sebelum meminta kode baru.`,
  ],
  [
    /^Too many failed sign-ins\. Try again in (\d+) minutes\.$/,
    ([m]) => `Terlalu banyak percobaan masuk yang gagal. Coba lagi dalam ${m} menit.`,
  ],
  [/^Attach at most (\d+) files$/, ([n]) => `Lampirkan paling banyak ${n} berkas`],
  [/^The file is larger than (\d+) MB$/, ([mb]) => `Berkas lebih besar dari ${mb} MB`],
  [
    /^Not enough storage in the locker: ([\d.]+) MB free$/,
    ([mb]) => `Penyimpanan digital locker tidak cukup: tersisa ${mb} MB`,
  ],
  [/^The document has (\d+) pages$/, ([n]) => `Dokumen memiliki ${n} halaman`],
  [
    /^A reminder was sent less than an hour ago\. You can remind again in (\d+) minutes\.$/,
    ([m]) =>
      `Pengingat sudah dikirim kurang dari satu jam yang lalu. Anda dapat mengingatkan lagi dalam ${m} menit.`,
  ],
  [
    /^(.+): The deadline must be in the future$/,
    ([field]) => `${field}: Batas waktu harus di masa mendatang`,
  ],
  [
    /^(.+): The deadline can be at most (\d+) days ahead$/,
    ([field, n]) => `${field}: Batas waktu paling lama ${n} hari dari sekarang`,
  ],
  [
    /^Enter a whole number from (\d+) to (\d+)$/,
    ([min, max]) => `Masukkan bilangan bulat dari ${min} sampai ${max}`,
  ],
  [
    /^Enter a percentage from (\d+) to (\d+), with at most 2 decimals$/,
    ([min, max]) => `Masukkan persentase dari ${min} sampai ${max}, paling banyak 2 desimal`,
  ],
  [
    /^You can keep at most (\d+) specimens; delete one first$/,
    ([n]) => `Anda dapat menyimpan paling banyak ${n} spesimen; hapus salah satu terlebih dahulu`,
  ],
  [/^(Departemen masih memiliki \d+ user, pindahkan user terlebih dahulu)$/, ([m]) => m ?? ''],
  [/^(Batas child user paket Anda \(\d+\) sudah tercapai)$/, ([m]) => m ?? ''],
  [/^Peruri answered HTTP (\d+)$/, ([code]) => `Peruri menjawab HTTP ${code}`],
  [/^Peruri login failed: (.*)$/s, ([why]) => `Login ke Peruri gagal: ${why}`],
  [
    /^Peruri hash signing failed: (.*)$/s,
    ([why]) => `Penandatanganan hash oleh Peruri gagal: ${why}`,
  ],
  [/^Peruri (\S+) failed: (.*)$/s, ([what, why]) => `Permintaan Peruri ${what} gagal: ${why}`],
  [
    /^Not enough e-Meterai quota: the batch needs (\d+) units, the balance is (\d+)$/,
    ([n, m]) => `Kuota e-Meterai tidak cukup: batch membutuhkan ${n} unit, saldo ${m}`,
  ],
  [
    /^Not enough e-sign quota: the batch needs (\d+) units, the balance is (\d+)$/,
    ([n, m]) => `Kuota e-sign tidak cukup: batch membutuhkan ${n} unit, saldo ${m}`,
  ],
  [/^A batch holds at most (\d+) files$/, ([n]) => `Satu batch paling banyak berisi ${n} berkas`],
  [
    /^A document holds at most (\d+) e-signature boxes$/,
    ([n]) => `Satu dokumen paling banyak memuat ${n} kotak tanda tangan`,
  ],
  [/^A batch holds at most (.+) of files$/, ([n]) => `Total berkas satu batch paling banyak ${n}`],
  [
    /^The manifest is not a readable (\S+) file$/,
    ([kind]) => `Manifest bukan berkas ${kind} yang dapat dibaca`,
  ],
  [/^(.+) not found$/, ([what]) => `${(what && THINGS[what]) ?? what} tidak ditemukan`],
];

/** The Indonesian form of `message`, or null when there is none. */
export const translateToIndonesian = (message: string): string | null => {
  const exact = EXACT[message];
  if (exact !== undefined) return exact;
  for (const [pattern, render] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return render(match.slice(1).map((group) => group ?? ''));
  }
  return null;
};

/** `message` in `language`; a message without a translation stays as it is. */
export const localizeMessage = (message: string, language: TLanguage): string =>
  language === 'id' ? (translateToIndonesian(message) ?? message) : message;
