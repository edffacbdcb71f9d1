// Async boundary: the federation runtime resolves shared singletons before the app's modules run.
import('./bootstrap');
