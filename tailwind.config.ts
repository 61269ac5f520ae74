import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        // Saddle-leather brown and arena sand: readable in full sun on a cheap screen.
        brand: {
          50: "#fdf6ee",
          100: "#f8e6cf",
          200: "#efc99c",
          300: "#e3a563",
          400: "#d98a3d",
          500: "#c06b22",
          600: "#a4541b",
          700: "#843f19",
          800: "#6c341a",
          900: "#592c18",
        },
      },
      fontFamily: {
        sans: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "sans-serif"],
      },
    },
  },
  plugins: [],
} satisfies Config;
