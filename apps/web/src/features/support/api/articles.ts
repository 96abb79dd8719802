import { SUPPORT_CONTENT_ENDPOINTS as E, type TArticleKind } from '@bubuh/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useEndpointMutation, useEndpointQuery } from '@/lib/endpoint';

/** FAQ entries or knowledge-base articles in one language, searched on the server. */
export const useArticles = (
  kind: TArticleKind,
  query: { language: 'en' | 'id'; search?: string | undefined },
  enabled = true,
) =>
  useEndpointQuery(
    kind === 'faq' ? E.faq : E.articles,
    { query },
    { select: (body) => body.data, placeholderData: keepPreviousData, enabled },
  );

export const useCreateArticle = () => useEndpointMutation(E.create);
export const useUpdateArticle = () => useEndpointMutation(E.update);
export const useDeleteArticle = () => useEndpointMutation(E.remove);
export const useArticleFeedback = () => useEndpointMutation(E.feedback);
